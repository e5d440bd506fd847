import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eslintForMadeUpFiles } from './project-eslint.ts';

const root = resolve(import.meta.dirname, '../../..');
const eslint = eslintForMadeUpFiles(root);

/** The boundary complaints the repository's lint config raises on `code` written at `file`. */
async function complaints(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'local/boundaries').map((m) => m.message);
}

describe('import boundaries, checked on the resolved path', () => {
  it('refuses a feature reaching into another feature, however the path is spelled', async () => {
    for (const specifier of ['../../devices/api/devices.ts', '../../../features/devices/api/devices.ts']) {
      const found = await complaints('web/src/features/risk/pages/x.ts', `export { a } from '${specifier}';\n`);
      expect(found, specifier).toHaveLength(1);
      expect(found[0]).toContain('web/src/features/devices/index.ts');
    }
  });

  it('lets a feature use another through its index.ts, and its own files freely', async () => {
    expect(
      await complaints('web/src/features/risk/pages/x.ts', "export { a } from '../../devices/index.ts';\n"),
    ).toEqual([]);
    expect(await complaints('web/src/features/risk/pages/x.ts', "export { a } from '../api/risk.ts';\n")).toEqual([]);
  });

  it('keeps shared code below the features and the app', async () => {
    expect(await complaints('web/src/lib/x.ts', "export { a } from '../features/devices/index.ts';\n")).toHaveLength(1);
    expect(await complaints('web/src/components/x.ts', "export { a } from '../app/routes.ts';\n")).toHaveLength(1);
    expect(
      await complaints('web/src/features/devices/x.ts', "export { a } from '../../app/routes.ts';\n"),
    ).toHaveLength(1);
  });

  it("refuses a server area reaching into another area's files, by relative or package path", async () => {
    const own = 'server/src/routes/faults/records.ts';
    expect(await complaints(own, "export { a } from '../risk/tasks.ts';\n")).toHaveLength(1);
    expect(await complaints(own, "export { a } from '@console/server/src/routes/risk/tasks.ts';\n")).toHaveLength(1);
    expect(await complaints(own, "export { a } from '../risk/index.ts';\n")).toEqual([]);
    expect(await complaints(own, "export { a } from './work-order.ts';\n")).toEqual([]);
    expect(await complaints(own, "export { a } from '../../lib/like-text.ts';\n")).toEqual([]);
    expect(await complaints('server/src/lib/x.ts', "export { a } from '../routes/device-access.ts';\n")).toHaveLength(
      1,
    );
  });
});
