import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import {
  APPID,
  APPID_MAX,
  brandPackFile,
  DEFAULT_TITLE,
  loadBrandPack,
  loadBrands,
  type BrandPackFile,
} from '@console/server/src/lib/brands';
import { checkLogo, sniffLogo } from '@console/server/src/lib/brand-logo';
import { deriveTheme, normaliseHex } from '@console/server/src/lib/brand-theme';

export interface NewBrand {
  appid: string;
  name: string;
  color: string;
  logo: string;
  region?: 'zh' | 'global';
  titleZh?: string;
  titleEn?: string;
  hosts?: string[];
  company?: string;
  homepage?: string;
  /** The port printed in the address to open. */
  port?: number;
}

export class BrandError extends Error {}

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/svg+xml': 'svg' } as const;

/** Check everything, then write brands/<appid>/brand.json and its logo; answer the pack's folder. */
export async function createBrandPack(brandsDir: string, input: NewBrand): Promise<string> {
  const appid = input.appid.trim();
  if (!APPID.test(appid) || appid.length > APPID_MAX) {
    throw new BrandError(
      `"${appid}" is not an app id: lower-case letters, digits and inner hyphens, starting with a letter, at most ${APPID_MAX}`,
    );
  }
  const folder = join(resolve(brandsDir), appid);
  if (existsSync(folder)) throw new BrandError(`brand pack "${appid}" already exists (${folder})`);
  const color = normaliseHex(input.color);
  if (!color) throw new BrandError(`"${input.color}" is not a colour: write it #rrggbb or #rgb`);
  if (!existsSync(input.logo)) throw new BrandError(`logo file ${input.logo} does not exist`);
  const bytes = readFileSync(input.logo);
  const type = sniffLogo(bytes);
  if (!type) throw new BrandError(`${input.logo} is not a PNG, JPEG, WebP or SVG image`);
  const logoFile = `logo.${EXTENSIONS[type]}`;
  const logo = checkLogo(logoFile, bytes);
  if ('problem' in logo) throw new BrandError(logo.problem);

  const region = input.region ?? 'zh';
  const existing = loadBrands(brandsDir, () => {});
  const hosts = (input.hosts ?? []).map((h) => h.trim().toLowerCase());
  const claimed = hosts.find((h) => existing.hosts.has(h));
  if (claimed) throw new BrandError(`host ${claimed} already belongs to brand pack "${existing.hosts.get(claimed)}"`);

  const pack: BrandPackFile = {
    brand: input.name.trim(),
    company: (input.company ?? input.name).trim(),
    homepage: input.homepage ?? `http://${appid}.localhost:${input.port ?? 8080}`,
    color,
    logo: logoFile,
    region,
    title: { zh: input.titleZh ?? DEFAULT_TITLE.zh, en: input.titleEn ?? DEFAULT_TITLE.en },
    theme: deriveTheme(color),
    // A global brand is English-first and lets its users switch; a regional one is Chinese.
    languageSwitch: region === 'global',
    defaultLang: region === 'global' ? 'en' : 'zh-cn',
    copyright: `© ${new Date().getFullYear()} ${(input.company ?? input.name).trim()}`,
    hosts,
  };
  const checked = brandPackFile.safeParse(pack);
  if (!checked.success) {
    throw new BrandError(checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }

  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'brand.json');
  const json = await format(JSON.stringify(pack), { ...(await resolveConfig(file)), parser: 'json' });
  writeFileSync(file, json);
  writeFileSync(join(folder, logoFile), bytes);
  // The server's own loader has the last word: a pack it would skip is not left behind.
  const loaded = loadBrandPack(resolve(brandsDir), appid);
  if ('problem' in loaded) {
    rmSync(folder, { recursive: true, force: true });
    throw new BrandError(loaded.problem);
  }
  return folder;
}
