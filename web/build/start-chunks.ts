import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The modules a start needs before it can draw: the entry's, the sign-in page's, the console's. */
export const STARTS = { entry: 'index.html', signIn: 'src/sign-in/boot.ts', console: 'src/console.tsx' } as const;

/**
 * Chunk groups for the two ways the console starts (docs/decisions/060-console-speed.md): the entry's own few modules
 * (it chooses the start and asks for its first reads) in the entry chunk, so it runs without waiting for React or
 * zod; what the sign-in page and the console both run (React, the session, the contract's shared schemas) in one
 * chunk, the sign-in page's own code in another, and everything the console runs before a page's own code in a third.
 * A group takes the modules of a start's static imports, read from the module graph once it is built, so a start is
 * three requests rather than one per shared module, and the sign-in page never downloads the console's. Past the
 * starts, what many pages share is one chunk as well.
 */
export function startChunks(root: string) {
  const closures = { entry: new Set<string>(), signIn: new Set<string>(), console: new Set<string>() };
  /** Every module the console may run: its start's and its pages' (dynamic imports followed too). */
  const consoleApp = new Set<string>();
  const plugin: Plugin = {
    name: 'start-chunks',
    apply: 'build',
    buildEnd() {
      const walk = (closure: Set<string>, file: string, dynamic = false) => {
        closure.clear();
        const visit = (id: string) => {
          if (closure.has(id)) return;
          closure.add(id);
          const info = this.getModuleInfo(id);
          info?.importedIds.forEach(visit);
          if (dynamic) info?.dynamicallyImportedIds.forEach(visit);
        };
        visit(resolve(root, file));
      };
      for (const [start, file] of Object.entries(STARTS) as [keyof typeof STARTS, string][])
        walk(closures[start], file);
      walk(consoleApp, STARTS.console, true);
    },
  };
  // A module of the sign-in page's that a console page runs too counts as the console's: it is loaded once, with
  // what both starts run, rather than in the sign-in page's chunk, which a console page would then fetch.
  const starts = (id: string) =>
    Object.values(closures).filter((closure) => closure.has(id)).length +
    (closures.signIn.has(id) && !closures.console.has(id) && consoleApp.has(id) ? 1 : 0);
  const groups = [
    // What the entry runs, a few KB, which both starts import too: the entry chooses its start without waiting for
    // React and zod.
    { name: 'entry', test: (id: string) => closures.entry.has(id), priority: 4 },
    // Run by both starts: loaded once, whichever comes first.
    { name: 'start-shared', test: (id: string) => starts(id) > 1, priority: 2 },
    { name: 'sign-in', test: (id: string) => starts(id) === 1 && closures.signIn.has(id), priority: 1 },
    // The console's: `$initial` holds what its entry (an input of its own, vite.config.ts) runs, as the bundler
    // found it used, where the walk above also counts every module a library's index names.
    {
      name: 'boot',
      tags: ['$initial' as const],
      test: (id: string) => !closures.entry.has(id) && !closures.signIn.has(id),
      priority: 1,
    },
    // What many of the console's pages run besides its start (antd's tables, forms, pickers and their icons, the
    // list and form helpers): one chunk, where the bundler would make one per set of pages sharing a module, so a
    // list page fetched 80 chunks, most of 1-3 KB. Over HTTP/1.1 a browser fetches 6 at a time, each a round trip,
    // and small files compress less: the one chunk is fewer bytes for a list page as well.
    {
      name: 'pages-shared',
      test: (id: string) => !closures.entry.has(id) && !closures.signIn.has(id),
      minShareCount: PAGES_SHARED_BY,
      priority: 0,
    },
  ];
  return { plugin, groups };
}

/** A module run by this many of the console's lazily loaded chunks (pages, mostly) or more is in `pages-shared`. */
const PAGES_SHARED_BY = 20;
