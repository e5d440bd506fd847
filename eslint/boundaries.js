import { dirname, relative, resolve, sep } from 'node:path';

/**
 * Imports checked by where they lead, not by how they are spelled: every relative or `@console/*` specifier is
 * resolved to a path of the repository, then
 * - web/src/lib and web/src/components (shared) import neither a feature nor the app;
 * - a feature imports no part of the app, and another feature only through that feature's index.ts(x);
 * - a server area (server/src/routes/<area>/) imports another area only through its index.ts, and
 *   server/src/lib imports no route.
 */
const ROOT = resolve(import.meta.dirname, '..');

/** The repository path an import leads to, or null for a package outside the repository. */
function target(file, specifier) {
  if (specifier.startsWith('.')) return resolve(dirname(file), specifier);
  const workspace = /^@console\/([^/]+)\/(.+)$/.exec(specifier);
  return workspace ? resolve(ROOT, workspace[1], workspace[2]) : null;
}

const posix = (path) => relative(ROOT, path).split(sep).join('/');
const webZone = (path) => /^web\/src\/(features\/[^/]+|app|lib|components)(\/|$)/.exec(path)?.[1];
const areaOf = (path) => /^server\/src\/routes\/([^/]+)\//.exec(path)?.[1];
const isEntry = (path, folder) => new RegExp(`^${folder}/index\\.tsx?$`).test(path);

/** Why `from` may not import `to`, or null. */
export function violation(from, to) {
  const source = webZone(from);
  const goal = webZone(to);
  if (source && goal && source !== goal) {
    if ((source === 'lib' || source === 'components') && (goal === 'app' || goal.startsWith('features/')))
      return 'shared code (web/src/lib, web/src/components) imports neither a feature nor the app; move what both need down';
    if (source.startsWith('features/') && goal === 'app') return 'a feature does not import the app';
    if (goal.startsWith('features/') && !isEntry(to, `web/src/${goal}`))
      return `another feature is imported only through what it exports on purpose: web/src/${goal}/index.ts`;
  }
  const area = areaOf(to);
  if (area && areaOf(from) !== area && !isEntry(to, `server/src/routes/${area}`))
    return `another server area is imported only through server/src/routes/${area}/index.ts; move what both need to server/src/lib`;
  if (from.startsWith('server/src/lib/') && to.startsWith('server/src/routes/'))
    return 'server/src/lib imports no route';
  return null;
}

export const boundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Imports between features and server areas go through what the other side exports on purpose',
    },
    messages: { boundary: '{{reason}}' },
    schema: [],
  },
  create(context) {
    const from = posix(context.filename);
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const path = target(context.filename, specifier);
      const reason = path && violation(from, posix(path));
      if (reason) context.report({ node: node.source, messageId: 'boundary', data: { reason } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
