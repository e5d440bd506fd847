import { createContext, useContext } from 'react';
import { brandEndpoints } from '@console/contract/http/brand';
import { callApi } from './api-client.ts';
import { DEFAULT_BRAND, parseBrand, type Brand } from './brand-info.ts';
import { i18n, type UiLang } from './i18n.ts';

/** The brand of this host, from metadata.do; the default when the call fails. */
export async function loadBrand(): Promise<Brand> {
  try {
    // No overlay and no toast: a metadata failure is silently ignored.
    return parseBrand(await callApi(brandEndpoints.metadata, {}, { silent: true, background: true }));
  } catch {
    return DEFAULT_BRAND;
  }
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
