import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'prettier';
import { REGIONS } from '../contract/codes/region-list.ts';
import { ROOT } from './lib/processes.ts';

/**
 * `npm run region-districts`: writes web/src/components/region-districts.json, the districts (county-level
 * divisions) of each city of the committed region list (contract/codes/region-list.ts), which the region picker
 * offers once a city is chosen (decision 043). Run once, and again only to take a newer list; the output is
 * committed, so nothing installs the package. The districts come from the npm package @vant/area-data (MIT, GB/T 2260
 * codes), fetched with `npm pack` into a temporary folder, matched to the committed list by the province's and the
 * city's names (a municipality takes every district under its province). A city the package names otherwise gets no
 * list: its district is typed, as before.
 */
const PACKAGE = '@vant/area-data@2.1.0';
const OUT = join(ROOT, 'web/src/components/region-districts.json');

interface AreaList {
  province_list: Record<string, string>;
  city_list: Record<string, string>;
  county_list: Record<string, string>;
}

function fetchAreaList(): AreaList {
  const dir = mkdtempSync(join(tmpdir(), 'region-districts-'));
  try {
    execFileSync('npm', ['pack', PACKAGE, '--pack-destination', dir, '--silent'], { stdio: 'inherit' });
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
    execFileSync('tar', ['xzf', join(dir, tarball), '-C', dir]);
    const require = createRequire(join(dir, 'package', 'package.json'));
    return (require('./dist/index.cjs') as { areaList: AreaList }).areaList;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const area = fetchAreaList();
const codeOf = (list: Record<string, string>, name: string, prefix: string) =>
  Object.entries(list).find(([code, n]) => n === name && code.startsWith(prefix))?.[0];
const countiesUnder = (prefix: string) =>
  Object.entries(area.county_list)
    .filter(([code]) => code.startsWith(prefix))
    .map(([, name]) => name);

const out: Record<string, Record<string, string>> = {};
const missing: string[] = [];
for (const region of REGIONS) {
  const province = codeOf(area.province_list, region.name, '')?.slice(0, 2);
  if (!province) {
    missing.push(region.name);
    continue;
  }
  const municipality = region.cities.length === 1 && region.cities[0]!.name === region.name;
  const cities: Record<string, string> = {};
  for (const city of region.cities) {
    const prefix = municipality ? province : codeOf(area.city_list, city.name, province)?.slice(0, 4);
    const districts = prefix ? countiesUnder(prefix) : [];
    if (districts.length) cities[city.name] = districts.join(',');
    else missing.push(`${region.name} ${city.name}`);
  }
  out[region.name] = cities;
}
writeFileSync(OUT, await format(JSON.stringify(out), { parser: 'json', printWidth: 120 }));
console.log(`wrote ${OUT}; no districts for: ${missing.join(', ') || 'none'}`);
