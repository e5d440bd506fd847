import { cpSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { themeEndpoints, type ThemeRow } from '@console/contract/http/themes';
import { FILE_URL_PREFIX } from '@console/contract/http/uploads';
import { checkLogo, sniffLogo } from '../../lib/brand-logo.ts';
import { brandPackFile, brandsOf, loadBrandPack, type BrandPack } from '../../lib/brands.ts';
import { invalidField } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { readStoredFile, requireUpload } from '../../lib/uploads.ts';

/**
 * The theme page (docs/decisions/004-brand-packs.md, addendum): a brand's colours, title, region and logo are
 * written into its edited copy of the pack (BRAND_EDITS_DIR: brand.json and the logo file, copied from the shipped
 * pack on its first edit), which the server reads instead of the shipped one; the checked pack replaces the loaded
 * one, so metadata.do answers the new look at once and a restart keeps it. The shipped packs are never written.
 */

const present = (pack: BrandPack): ThemeRow => ({
  appid: pack.appid,
  brand: pack.info.brand,
  color: pack.info.color,
  ...pack.info.theme,
  titleZh: pack.info.title.zh,
  titleEn: pack.info.title.en,
  region: pack.info.region,
  logoUrl: pack.info.logo,
});

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;

export const themeRoutes: RouteDef[] = [
  route(themeEndpoints.list, ({ deps }) => ({ list: [...brandsOf(deps).packs.values()].map(present) })),

  route(themeEndpoints.save, async ({ body, user, deps }) => {
    const registry = brandsOf(deps);
    if (!registry.packs.has(body.appid)) throw invalidField('appid', 'themes.brandUnknown');
    const root = resolve(deps.env.BRAND_EDITS_DIR);
    const folder = join(root, body.appid);
    const edited = existsSync(join(folder, 'brand.json'));
    const shipped = join(resolve(deps.env.BRANDS_DIR), body.appid);
    // The pack as written, so what this page does not edit (hosts, languages, money) stays as it is.
    const raw: Record<string, unknown> = JSON.parse(
      readFileSync(join(edited ? folder : shipped, 'brand.json'), 'utf8'),
    );
    let logo: { file: string; bytes: Uint8Array } | null = null;
    if (body.logo) {
      await requireUpload(deps, user, body.logo, 'logo', { kinds: ['image'], isPublic: true });
      const bytes = readStoredFile(deps, body.logo.slice(FILE_URL_PREFIX.length));
      const type = bytes && sniffLogo(bytes);
      if (!bytes || (type !== 'image/png' && type !== 'image/jpeg')) throw invalidField('logo', 'themes.logo');
      // A new name, so browsers holding the old logo in their cache fetch the new one.
      const file = `logo-${deps.now().toString(36)}.${EXTENSIONS[type]}`;
      if ('problem' in checkLogo(file, bytes)) throw invalidField('logo', 'themes.logo');
      logo = { file, bytes };
    }
    const next = {
      ...raw,
      color: body.color,
      theme: {
        header: body.header,
        sidebar: body.sidebar,
        sidebarText: body.sidebarText,
        versionBg: body.versionBg,
        versionText: body.versionText,
      },
      title: { zh: body.titleZh, en: body.titleEn },
      region: body.region,
      ...(logo ? { logo: logo.file } : {}),
    };
    if (!brandPackFile.safeParse(next).success) throw invalidField('color', 'themes.invalid');
    // The first edit starts from the shipped pack, whole (the logo and any file it names).
    if (!edited) cpSync(shipped, folder, { recursive: true });
    if (logo) writeFileSync(join(folder, logo.file), logo.bytes);
    // Written whole, then renamed: a pack is never half written.
    const temp = join(folder, `.brand.json.${process.pid}`);
    writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`);
    renameSync(temp, join(folder, 'brand.json'));
    const loaded = loadBrandPack(root, body.appid);
    if ('problem' in loaded) throw invalidField('color', 'themes.invalid');
    registry.packs.set(body.appid, loaded.pack);
    return { appid: body.appid };
  }),
];
