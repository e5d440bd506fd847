import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { screensByArea } from '../../contract/screens/all.ts';
import { STARTS } from './start-chunks.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;
/** Below about one packet, compression saves nothing a browser would notice. */
const MIN_BYTES = 1024;

export interface ChunkNode {
  imports: string[];
  css: string[];
}

export interface BundleReport {
  /** Brotli bytes a browser downloads before the sign-in page may show (src/sign-in/); the build fails above it. */
  loginBudget: number;
  /** Every routed screen: the JavaScript its first load needs (raw and brotli bytes) and its chunks. */
  routes: { path: string; page: string; chunks: number; rawBytes: number; brotliBytes: number }[];
  /** Every chunk, largest first. */
  chunks: { file: string; rawBytes: number; brotliBytes: number }[];
}

/**
 * The built console's delivery (docs/decisions/060-console-speed.md):
 * - brotli and gzip copies of every text file (name.br, name.gz) at the highest levels, made once here so the
 *   server sends them as they are (server/src/lib/web-static.ts) and spends nothing per request;
 * - dist/bundle-report.json: what each route's first load downloads: for the sign-in pages the entry's static
 *   imports, the sign-in start's and its texts in one language; for the others the console start's too, the shell's
 *   for a page inside it, the page's own, and the console's texts of one language;
 * - the sign-in page's budget: the build fails when its JavaScript grows past it.
 */
export function consoleDist({ loginBudget }: { loginBudget: number }): Plugin {
  let root = '';
  let outDir = '';
  const graph = new Map<string, ChunkNode>();
  /** The chunk each module of the source landed in (by its path from the web folder). */
  const chunkOf = new Map<string, string>();
  let entry = '';
  return {
    name: 'console-dist',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        graph.set(out.fileName, { imports: out.imports, css: [...(out.viteMetadata?.importedCss ?? [])] });
        // The page's entry; the console's start is an entry too, loaded by it (build/start-chunks.ts).
        if (out.isEntry && out.facadeModuleId !== resolve(root, STARTS.console)) entry = out.fileName;
        for (const id of out.moduleIds) chunkOf.set(relative(root, id), out.fileName);
      }
    },
    async closeBundle() {
      // Called after a failed build too: then there is nothing to report, and the build's own error stands.
      if (!entry) return;
      const sizes = await compressAll(outDir);
      // The texts of the language shown load beside the code (src/lib/i18n.ts, src/sign-in/texts.ts): count the
      // larger language.
      const larger = (files: string[]) => files.sort((a, b) => sizes.get(b)!.brotli - sizes.get(a)!.brotli)[0]!;
      const consoleTexts = larger([...graph.keys()].filter((file) => /\/texts-[\w-]+\.js$/.test(file)));
      const signInTexts = larger(SIGN_IN_TEXTS.map((file) => chunkOf.get(file)!));
      const routes = routePages(root).flatMap(({ path, page, inShell }) => {
        const chunk = chunkOf.get(page);
        if (!chunk) return [];
        // A sign-in page is drawn by the sign-in start, without the console (src/main.tsx).
        const js =
          page === HANDOFF
            ? [...closure([entry, chunkOf.get(STARTS.signIn)!], graph), signInTexts]
            : [
                ...closure(
                  [entry, chunkOf.get(STARTS.console)!, chunk, ...(inShell ? [chunkOf.get(SHELL)!] : [])],
                  graph,
                ),
                consoleTexts,
              ];
        return [
          {
            path,
            page,
            chunks: js.length,
            rawBytes: sum(js.map((f) => sizes.get(f)!.raw)),
            brotliBytes: sum(js.map((f) => sizes.get(f)!.brotli)),
          },
        ];
      });
      const chunks = [...graph.keys()]
        .map((file) => ({ file, rawBytes: sizes.get(file)!.raw, brotliBytes: sizes.get(file)!.brotli }))
        .sort((a, b) => b.brotliBytes - a.brotliBytes);
      const report: BundleReport = { loginBudget, routes, chunks };
      await writeFile(join(outDir, 'bundle-report.json'), `${JSON.stringify(report, null, 1)}\n`);
      const login = routes.find((r) => r.path === '/login');
      if (!login) this.error('bundle report: the /login route has no page chunk');
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      this.info?.(`/login loads ${kb(login.brotliBytes)} of brotli JavaScript (budget ${kb(loginBudget)})`);
      if (login.brotliBytes > loginBudget) {
        this.error(
          `/login needs ${kb(login.brotliBytes)} of compressed JavaScript, over its budget of ${kb(loginBudget)}: ` +
            'see dist/bundle-report.json for what it pulls in',
        );
      }
    },
  };
}

export const SHELL = 'src/app/shell/shell-layout.tsx';
/** The console's page for the sign-in addresses, which the sign-in start draws for a signed-out visitor. */
const HANDOFF = 'src/features/auth/pages/sign-in-handoff-page.tsx';
const SIGN_IN_TEXTS = ['src/sign-in/texts-zh.ts', 'src/sign-in/texts-en.ts'];

/** Each routed screen's page module, read from features/<area>/screens.ts (the router's own list). */
export function routePages(root: string): { path: string; page: string; inShell: boolean; public: boolean }[] {
  const features = join(root, 'src/features');
  return readdirSync(features).flatMap((area) => {
    const screens = (
      screensByArea as Record<string, Record<string, { path: string; fullScreen?: boolean; public?: boolean }>>
    )[area];
    let source: string;
    try {
      source = readFileSync(join(features, area, 'screens.ts'), 'utf8');
    } catch {
      return [];
    }
    return [...source.matchAll(/(\w+):\s*\(\)\s*=>\s*import\('\.\/([^']+)'\)/g)].flatMap(([, key, file]) => {
      const screen = screens?.[key!];
      if (!screen) return [];
      const page = `src/features/${area}/${file}`;
      return [{ path: screen.path, page, inShell: !screen.fullScreen, public: !!screen.public }];
    });
  });
}

/** The chunks a browser must fetch to run these: each with everything it imports statically. */
export function closure(starts: string[], graph: Map<string, ChunkNode>): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of graph.get(file)?.imports ?? []) visit(next);
  };
  starts.forEach(visit);
  return seen;
}

/** Writes name.br and name.gz beside every text file of the folder; answers the raw and brotli size by path. */
export async function compressAll(dir: string): Promise<Map<string, { raw: number; brotli: number }>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name)).map((e) => join(e.parentPath, e.name));
  const sizes = new Map<string, { raw: number; brotli: number }>();
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      let brotliBytes = bytes.length;
      if (bytes.length >= MIN_BYTES) {
        const [br, gzipped] = await Promise.all([
          brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gz(bytes, { level: 9 }),
        ]);
        // A copy no smaller than the file is not written: the server then sends the file itself.
        if (br.length < bytes.length) await writeFile(`${file}.br`, br);
        if (gzipped.length < bytes.length) await writeFile(`${file}.gz`, gzipped);
        brotliBytes = Math.min(br.length, bytes.length);
      }
      sizes.set(relative(dir, file), { raw: bytes.length, brotli: brotliBytes });
    }),
  );
  return sizes;
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
