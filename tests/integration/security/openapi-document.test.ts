import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * The published document is read by tools, not only by our reference page: a standard validator accepts it
 * whole (every `$ref` resolves, every schema is OpenAPI 3.0), and a standard generator turns it into a typed
 * client that compiles.
 */
describe('the published OpenAPI document', () => {
  let t: TestApp;
  let doc: Record<string, unknown>;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await (await t.app.request('/api/openapi.json')).json()) as Record<string, unknown>;
  });
  afterAll(() => t.dbh.close());

  it('passes a standard OpenAPI validator, with the recursive menu tree under components/schemas', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    const text = JSON.stringify(doc);
    const refs = [...new Set(text.match(/"\$ref":"[^"]*"/g) ?? [])];
    expect(refs).toContain('"$ref":"#/components/schemas/MenuNode"');
    expect(refs.filter((r) => !r.startsWith('"$ref":"#/components/schemas/'))).toEqual([]);
    expect(text).not.toContain('"definitions"');
  });

  // A whole TypeScript program checked in the test: slow on a slow, busy host.
  it('generates a typed client with a standard generator, and the client type-checks', async () => {
    const source = astToString(await openapiTS(structuredClone(doc) as never));
    expect(source).toContain('"/api/login.do"');
    expect(source).toContain('MenuNode');
    const dir = mkdtempSync(join(tmpdir(), 'openapi-client-'));
    try {
      const file = join(dir, 'api.d.ts');
      // A use of the generated types, so the check covers more than the declarations themselves.
      writeFileSync(file, source);
      const use = join(dir, 'use.ts');
      writeFileSync(
        use,
        [
          "import type { paths, components } from './api.d.ts';",
          "type Login = paths['/api/login.do']['post']['responses'][200]['content']['application/json'];",
          "export const menus = (answer: Login): components['schemas']['MenuNode'][] => answer.data.menus;",
          "export const nested = (node: components['schemas']['MenuNode']): string[] => node.nodes.map((n) => n.url);",
        ].join('\n'),
      );
      const program = ts.createProgram([use], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        allowImportingTsExtensions: true,
        skipLibCheck: false,
        types: [],
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
