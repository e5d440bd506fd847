import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { brandInfo, type BrandInfo } from '@console/contract/http/brand';
import { CNY, moneyFormat } from '@console/contract/codes/money';
import { TAX_REGIMES } from '@console/contract/codes/tax-regimes';
import type { AppDeps } from './deps.ts';
import { checkLogo, LOGO_FILE, type LogoType } from './brand-logo.ts';
import { HEX_COLOUR } from './brand-theme.ts';

/**
 * Brand packs (white label): `brands/<appid>/brand.json` and its logo, loaded and checked once at start.
 * A pack that fails a check is reported and skipped; the server always starts.
 * See docs/decisions/004-brand-packs.md.
 */

/** An app id is also a host-name label (`<appid>.localhost`): lower-case letters, digits, inner hyphens. */
export const APPID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
export const APPID_MAX = 32;
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const DEFAULT_TITLE = { zh: '工程机械', en: 'Engineering machinery' } as const;

const text = (max: number) => z.string().trim().min(1).max(max);
const colour = z.string().regex(HEX_COLOUR, 'a colour is written #rrggbb');

/** brand.json: the spec's brand JSON plus what a pack adds (which hosts map to it, whether it is the default). */
export const brandPackFile = z.strictObject({
  default: z.boolean().default(false),
  brand: text(60),
  company: text(120),
  // Rendered as a link in the console, so only web addresses.
  homepage: z
    .string()
    .trim()
    .max(300)
    .regex(/^https?:\/\/[^\s"'<>]+$/, 'an http(s) address'),
  color: colour,
  logo: z.string().regex(LOGO_FILE, 'a file name in the pack folder ending in .png, .jpg, .webp or .svg'),
  region: z.enum(['zh', 'global']),
  title: z
    .strictObject({ zh: text(40).default(DEFAULT_TITLE.zh), en: text(60).default(DEFAULT_TITLE.en) })
    .default({ ...DEFAULT_TITLE }),
  theme: z.strictObject({
    header: colour,
    sidebar: colour,
    sidebarText: colour,
    versionBg: colour,
    versionText: colour,
  }),
  languageSwitch: z.boolean().default(false),
  defaultLang: z.enum(['zh-cn', 'en']).optional(),
  /**
   * The copyright line in each language (a company's name differs by language); one line serves both, and a language
   * left out reads the other's.
   */
  copyright: z
    .union([
      z
        .string()
        .trim()
        .max(200)
        .transform((line) => ({ zh: line, en: line })),
      z
        .strictObject({ zh: z.string().trim().max(200).default(''), en: z.string().trim().max(200).default('') })
        .transform(({ zh, en }) => ({ zh: zh || en, en: en || zh })),
    ])
    .default({ zh: '', en: '' }),
  /** The calling code phone fields offer first; a regional (zh) brand defaults to 86. */
  dialCode: z
    .string()
    .regex(/^\d{1,4}$/, 'a calling code of 1-4 digits, without +')
    .optional(),
  hosts: z.array(z.string().trim().toLowerCase().regex(HOST_NAME, 'a host name without port')).max(50).default([]),
  /** The currency and number format of its business; a pack naming none bills in yuan (decision 064). */
  money: moneyFormat.default(CNY),
  taxRegime: z.enum(TAX_REGIMES).default('cnVat'),
});
export type BrandPackFile = z.input<typeof brandPackFile>;

export interface BrandPack {
  appid: string;
  /** What metadata.do answers; `logo` is the URL the server serves it at. */
  info: BrandInfo;
  hosts: string[];
  isDefault: boolean;
  logo: { file: string; type: LogoType; bytes: Uint8Array };
}

export interface BrandRegistry {
  packs: Map<string, BrandPack>;
  /** Host name (no port) to app id. */
  hosts: Map<string, string>;
  defaultAppid: string | null;
}

export const logoUrl = (appid: string, file: string) => `/brands/${appid}/${file}`;

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'brand.json'}: ${i.message}`).join('; ');
}

/** Read and check one pack folder. */
export function loadBrandPack(dir: string, appid: string): { pack: BrandPack } | { problem: string } {
  if (!APPID.test(appid) || appid.length > APPID_MAX) {
    return {
      problem: `"${appid}" is not an app id (lower-case letters, digits and inner hyphens, at most ${APPID_MAX})`,
    };
  }
  const folder = join(dir, appid);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(folder, 'brand.json'), 'utf8'));
  } catch (error) {
    return { problem: `brand.json cannot be read: ${(error as Error).message}` };
  }
  const parsed = brandPackFile.safeParse(raw);
  if (!parsed.success) return { problem: describeIssues(parsed.error) };
  const { hosts, default: isDefault, logo: file, ...fields } = parsed.data;
  const logoPath = join(folder, file);
  if (!existsSync(logoPath) || !statSync(logoPath).isFile()) return { problem: `logo "${file}" is missing` };
  const bytes = readFileSync(logoPath);
  const logo = checkLogo(file, bytes);
  if ('problem' in logo) return { problem: logo.problem };
  const dialCode = fields.dialCode ?? (fields.region === 'zh' ? '86' : undefined);
  const info = brandInfo.parse({ ...fields, dialCode, logo: logoUrl(appid, file) });
  return { pack: { appid, info, hosts, isDefault, logo: { file, type: logo.type, bytes } } };
}

/**
 * Every pack under `dir`, each read from `editsDir` instead where the theme page saved an edited copy of it; problems
 * go to `log` and their packs are left out.
 */
export function loadBrands(dir: string, log: AppDeps['log'], editsDir?: string): BrandRegistry {
  const registry: BrandRegistry = { packs: new Map(), hosts: new Map(), defaultAppid: null };
  const root = resolve(dir);
  if (!existsSync(root)) {
    log('warn', `no brand packs: ${root} does not exist`);
    return registry;
  }
  const folders = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
    .map((d) => d.name)
    .sort();
  const edits = editsDir === undefined ? null : resolve(editsDir);
  for (const appid of folders) {
    const edited = edits !== null && existsSync(join(edits, appid, 'brand.json'));
    const result = loadBrandPack(edited ? edits : root, appid);
    if ('problem' in result) {
      log('warn', `brand pack "${appid}" skipped: ${result.problem}`);
      continue;
    }
    registry.packs.set(appid, result.pack);
    for (const host of result.pack.hosts) {
      const owner = registry.hosts.get(host);
      if (owner) log('warn', `brand pack "${appid}": host ${host} already belongs to "${owner}", ignored`);
      else registry.hosts.set(host, appid);
    }
  }
  const defaults = [...registry.packs.values()].filter((p) => p.isDefault).map((p) => p.appid);
  registry.defaultAppid = defaults[0] ?? registry.packs.keys().next().value ?? null;
  if (defaults.length > 1) log('warn', `several default brand packs (${defaults.join(', ')}); using "${defaults[0]}"`);
  if (defaults.length === 0 && registry.defaultAppid) {
    log('warn', `no brand pack is marked "default": true; using "${registry.defaultAppid}"`);
  }
  return registry;
}

/** The host name of a Host header value: lower case, without port or trailing dot. */
export function hostName(header: string | undefined): string {
  const value = (header ?? '').trim().toLowerCase();
  const name = value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}

/** `<appid>.localhost` or a host a pack lists picks that pack; anything else gets the default. */
export function brandForHost(registry: BrandRegistry, header: string | undefined): BrandPack | null {
  const host = hostName(header);
  const local = /^([a-z0-9-]+)\.localhost$/.exec(host)?.[1];
  const appid = (local && registry.packs.has(local) ? local : registry.hosts.get(host)) ?? registry.defaultAppid;
  return appid ? (registry.packs.get(appid) ?? null) : null;
}

const loaded = new WeakMap<AppDeps, BrandRegistry>();

/** The packs of a running app, loaded on first use (createApp calls it, so that is at start). */
export function brandsOf(deps: AppDeps): BrandRegistry {
  let registry = loaded.get(deps);
  if (!registry) {
    registry = loadBrands(deps.env.BRANDS_DIR, deps.log, deps.env.BRAND_EDITS_DIR);
    deps.log(
      'info',
      `brand packs: ${[...registry.packs.keys()].join(', ') || 'none'} (default ${registry.defaultAppid})`,
    );
    loaded.set(deps, registry);
  }
  return registry;
}

/**
 * The brand an organisation does business under (organisations.appid, decision 064), else the default brand: the
 * currency, number format and tax regime of its documents and invoices.
 */
export function brandByAppid(deps: AppDeps, appid: string): BrandPack | null {
  const registry = brandsOf(deps);
  return (
    registry.packs.get(appid) ?? (registry.defaultAppid ? (registry.packs.get(registry.defaultAppid) ?? null) : null)
  );
}
