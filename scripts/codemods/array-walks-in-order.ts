import ts from 'typescript';
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, dirname } from 'node:path';
import { codeProgram, ROOT } from './program.ts';
const { checker, sources } = codeProgram();
const HELPER: Record<string, string> = {
  map: 'mapInOrder',
  forEach: 'forEachInOrder',
  flatMap: 'flatMapInOrder',
  filter: 'filterInOrder',
  find: 'findInOrder',
  every: 'everyInOrder',
};
let total = 0;
for (const sf of sources()) {
  const edits: { start: number; end: number; text: string }[] = [];
  const used = new Set<string>();
  const visit = (node: ts.Node) => {
    ts.forEachChild(node, visit);
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
    const name = node.expression.name.text;
    if (!HELPER[name]) return;
    const cb = node.arguments[0];
    if (!cb || !(ts.isArrowFunction(cb) || ts.isFunctionExpression(cb))) return;
    const sig = checker.getSignatureFromDeclaration(cb);
    const ret = sig && checker.getReturnTypeOfSignature(sig);
    if (!ret || ret.getSymbol()?.getName() !== 'Promise') return;
    const outer = node.parent;
    if (
      name === 'map' &&
      ts.isCallExpression(outer) &&
      /^Promise\.(all|allSettled)$/.test(outer.expression.getText(sf))
    )
      return;
    // nested edits: skip if overlapping an already-recorded edit
    if (edits.some((e) => !(node.getEnd() <= e.start || node.getStart(sf) >= e.end))) return;
    const receiver = node.expression.expression.getText(sf);
    const cbText = cb.getText(sf);
    const p = node.parent;
    const needParens =
      ts.isPropertyAccessExpression(p) ||
      ts.isElementAccessExpression(p) ||
      ts.isNonNullExpression(p) ||
      (ts.isCallExpression(p) && p.expression === node);
    const call = `await ${HELPER[name]}(${receiver}, ${cbText})`;
    edits.push({ start: node.getStart(sf), end: node.getEnd(), text: needParens ? `(${call})` : call });
    used.add(HELPER[name]);
  };
  visit(sf);
  if (!edits.length) continue;
  let text = readFileSync(sf.fileName, 'utf8');
  for (const e of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + e.text + text.slice(e.end);
  const rel = relative(dirname(sf.fileName), `${ROOT}/db/in-order.ts`);
  const spec = sf.fileName.startsWith(`${ROOT}/db/`)
    ? rel.startsWith('.')
      ? rel
      : './' + rel
    : '@console/db/in-order';
  const imp = `import { ${[...used].sort().join(', ')} } from '${spec}';\n`;
  const m = [...text.matchAll(/^import [^;]*;\n/gm)];
  const pos = m.length ? m[m.length - 1].index! + m[m.length - 1][0].length : 0;
  text = text.slice(0, pos) + imp + text.slice(pos);
  writeFileSync(sf.fileName, text);
  total += edits.length;
  console.log(`${sf.fileName.replace(ROOT + '/', '')}: ${edits.length}`);
}
console.log(`rewrote ${total}`);
