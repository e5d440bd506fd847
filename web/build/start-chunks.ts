import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The modules a start needs before it can draw: the entry's, the sign-in page's, the console's. */
export const STARTS = { entry: 'index.html', signIn: 'src/sign-in/start.tsx', console: 'src/console.tsx' } as const;

/**
 * Chunk groups for the two ways the console starts (docs/decisions/060-console-speed.md): what the sign-in page
 * and the console both run (React, the session, the contract's shared schemas) in one chunk, the sign-in page's
 * own code in another, and everything the console runs before a page's own code in a third. A group takes the
 * modules of a start's static imports, read from the module graph once it is built, so a start is three requests
 * rather than one per shared module, and the sign-in page never downloads the console's.
 */
export function startChunks(root: string) {
  const closures = { entry: new Set<string>(), signIn: new Set<string>(), console: new Set<string>() };
  const plugin: Plugin = {
    name: 'start-chunks',
    apply: 'build',
    buildEnd() {
      for (const [start, file] of Object.entries(STARTS) as [keyof typeof STARTS, string][]) {
        const closure = closures[start];
        closure.clear();
        const visit = (id: string) => {
          if (closure.has(id)) return;
          closure.add(id);
          this.getModuleInfo(id)?.importedIds.forEach(visit);
        };
        visit(resolve(root, file));
      }
    },
  };
  const starts = (id: string) => Object.values(closures).filter((closure) => closure.has(id)).length;
  const groups = [
    // Run by two starts: loaded once, whichever comes first.
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
  ];
  return { plugin, groups };
}
