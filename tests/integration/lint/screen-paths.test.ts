import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allScreens } from '@console/contract/screens/all';

const root = resolve(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** The code without its comments (which may name a screen's path to explain it). */
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

describe('screen paths', () => {
  it('are written only in their declarations: the console and the server build links with href', () => {
    const files = [...sources('web/src'), ...sources('server/src')];
    const paths = allScreens.map((s) => s.path);
    expect(files.length).toBeGreaterThan(0);
    expect(paths.length).toBeGreaterThan(0);
    const written = files.flatMap((file) => {
      const text = code(file);
      return paths
        .filter((path) => new RegExp(`['"\`]${path.replace(/[/]/g, '\\/')}(['"\`?]|\\$\\{)`).test(text))
        .map((path) => `${file.slice(root.length + 1)}: ${path}`);
    });
    expect(written).toEqual([]);
  });
});
