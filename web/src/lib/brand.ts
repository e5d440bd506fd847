import { createContext, useContext } from 'react';
import { brandEndpoints } from '@console/contract/http/brand';
import { callApi } from './api-client.ts';
import { DEFAULT_BRAND, parseBrand, type Brand } from './brand-info.ts';
import { i18n, type UiLang } from './i18n.ts';
import { setMoneyFormat } from './money.ts';

/** The brand of this host, from metadata.do; the default when the call fails. */
export async function loadBrand(): Promise<Brand> {
  let brand = DEFAULT_BRAND;
  try {
    // No overlay and no toast: a metadata failure is silently ignored.
    brand = parseBrand(await callApi(brandEndpoints.metadata, {}, { silent: true, background: true }));
  } catch {
    // The default brand, as below.
  }
  // Every amount the console shows from now on is in the brand's currency.
  setMoneyFormat(brand.info.money);
  return brand;
}

export const BrandContext = createContext<Brand>(DEFAULT_BRAND);

export function useBrand(): Brand {
  return useContext(BrandContext);
}

/** The title after the dash in every page title. */
export function brandTitle(brand: Brand, lang: UiLang): string {
  const title = lang === 'en' ? brand.info.title.en : brand.info.title.zh;
  return title || i18n.t('common:appTitleDefault');
}
