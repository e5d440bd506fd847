import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const server = join(root, 'server/src');

/** Every module of the server (tests apart) and the modules it imports at run time by relative path. */
function runtimeImports(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = readdirSync(server, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  // `import type` / `export type` leave nothing behind at run time; everything else with a relative path counts.
  // `import './x.ts'` runs the module too.
  const statement = /^(?:import|export)\s+(type\s+)?(?:[^;]*?from\s+)?'(\.[^']+)'/gms;
  for (const file of files) {
    const path = join(server, file);
    const targets = [...readFileSync(path, 'utf8').matchAll(statement)]
      .filter((m) => !m[1])
      .map((m) => resolve(dirname(path), m[2]!));
    graph.set(path, targets);
  }
  return graph;
}

/** The import circles of the graph (each as the modules on it), by Tarjan's strongly connected components. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      component.push(relative(root, w));
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("the server's modules", () => {
  const graph = runtimeImports();

  it('import one another without circles, so each loads whole before anything uses it', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(circles(graph)).toEqual([]);
  });

  it('reach the route modules only from the composition root: domain code never imports a route', () => {
    const routes = join(server, 'routes');
    const reaching = [...graph]
      .filter(([from, targets]) => !from.startsWith(routes) && targets.some((t) => t.startsWith(routes)))
      .map(([from]) => relative(root, from));
    expect(reaching).toEqual(['server/src/app.ts']);
  });

  it('finds a circle where there is one', () => {
    const a = join(server, 'a.ts');
    const b = join(server, 'b.ts');
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['server/src/a.ts', 'server/src/b.ts']]);
  });
});
