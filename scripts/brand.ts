import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BrandError, createBrandPack } from './lib/brand-pack.ts';
import { ROOT } from './lib/processes.ts';

const USAGE = `usage: npm run brand -- new <appid> --name "<brand name>" --color "#hex" --logo <file>
         [--region zh|global] [--title-zh "..."] [--title-en "..."] [--host <host name> ...]
         [--company "..."] [--homepage https://...]`;

/** `npm run brand -- new <appid> ...`: a brand pack for a demo, from a name, a colour and a logo. */
// npm runs scripts from the root; INIT_CWD is where the command was typed, which a relative --logo means.
const cwd = process.env.INIT_CWD ?? process.cwd();
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      color: { type: 'string' },
      logo: { type: 'string' },
      region: { type: 'string', default: 'zh' },
      'title-zh': { type: 'string' },
      'title-en': { type: 'string' },
      host: { type: 'string', multiple: true, default: [] },
      company: { type: 'string' },
      homepage: { type: 'string' },
    },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = parsed;
const [command, appid] = positionals;
if (command !== 'new' || !appid || positionals.length !== 2 || !values.name || !values.color || !values.logo) {
  console.error(USAGE);
  process.exit(2);
}
if (values.region !== 'zh' && values.region !== 'global') {
  console.error(`--region is zh or global, not "${values.region}"`);
  process.exit(2);
}

const port = Number(process.env.PORT ?? 8080);
const brandsDir = process.env.BRANDS_DIR ?? 'brands';
try {
  process.chdir(ROOT);
  const folder = await createBrandPack(brandsDir, {
    appid,
    name: values.name,
    color: values.color,
    logo: resolve(cwd, values.logo),
    region: values.region,
    titleZh: values['title-zh'],
    titleEn: values['title-en'],
    hosts: values.host,
    company: values.company,
    homepage: values.homepage,
    port,
  });
  console.log(`brand pack written to ${relative(ROOT, folder) || folder}`);
  console.log(`restart the server (npm start), then open http://${appid}.localhost:${port}`);
} catch (error) {
  console.error(error instanceof BrandError ? `brand pack not created: ${error.message}` : error);
  process.exit(1);
}
