import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eslintForMadeUpFiles } from './project-eslint.ts';

const root = resolve(import.meta.dirname, '../../..');
const eslint = eslintForMadeUpFiles(root);

/** The raw-database complaints the repository's lint config raises on `code` written at `file`. */
async function complaints(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'scope/no-raw-db').map((m) => m.message);
}

const route = 'server/src/routes/cases/new-area.ts';

describe('route handlers never hold the raw database (decision 028)', () => {
  // The first lint loads the whole config and its plugins; on a busy machine that alone can take a while.
  beforeAll(() => complaints(route, 'export {};\n'), 120_000);

  it('refuses deps.dbh, however it is reached', async () => {
    for (const code of [
      'export const f = (deps) => deps.dbh.db;\n',
      'export const f = ({ deps }) => { const { db } = deps.dbh; return db; };\n',
      'export const f = ({ deps: { dbh } }) => dbh;\n',
      "export const f = (deps) => deps['dbh'];\n",
    ]) {
      const found = await complaints(route, code);
      expect(found.length, code).toBeGreaterThan(0);
      expect(found[0]).toContain('ctx.data');
    }
  });

  it('refuses a transaction or a unit of work of its own: writes go through data.write', async () => {
    expect(await complaints(route, 'export const f = (db) => db.transaction((tx) => tx);\n')).toHaveLength(1);
    expect(
      await complaints(
        route,
        "import { unitOfWork } from '../../lib/unit-of-work.ts';\nexport const f = unitOfWork;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets a handler use ctx.data and the named escape', async () => {
    const code = [
      'export const f = ({ data }) => [',
      '  data.select().from(t, data.deviceScope()).all(),',
      "  data.unscoped('codeTable').select().from(t).all(),",
      '  data.write((tx) => tx.insert(t).values({}).run()),',
      '];',
      '',
    ].join('\n');
    expect(await complaints(route, code)).toEqual([]);
  });

  it('exempts no route file: those converted last (auth, settings, ingest ...) are checked like the rest', async () => {
    for (const file of ['server/src/routes/auth.ts', 'server/src/routes/peripherals/accessories.ts']) {
      expect(await complaints(file, 'export const f = (deps) => deps.dbh.db;\n'), file).toHaveLength(1);
    }
  });

  it('checks route handlers only: the server library builds the accessor from the handle', async () => {
    expect(await complaints('server/src/lib/x.ts', 'export const f = (deps) => deps.dbh.db;\n')).toEqual([]);
  });
});
