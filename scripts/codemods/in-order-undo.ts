// Turn `await mapInOrder(items, step)` (db/in-order.ts) back into `items.map(step)` where the step no longer waits
// (what it called became synchronous again), and drop the helpers a file no longer uses from its import.
// Usage: npx tsx scripts/codemods/in-order-undo.ts
import ts from 'typescript';
import { readFileSync, writeFileSync } from 'node:fs';
import { codeProgram } from './program.ts';

const METHOD: Record<string, string> = {
  mapInOrder: 'map',
  forEachInOrder: 'forEach',
  flatMapInOrder: 'flatMap',
  filterInOrder: 'filter',
  findInOrder: 'find',
  everyInOrder: 'every',
};
const { checker, sources } = codeProgram();
const mayBeThenable = (t: ts.Type): boolean =>
  !!(t.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) ||
  (t.isUnion() ? t.types.some(mayBeThenable) : !!t.getProperty('then'));
let total = 0;
for (const sf of sources()) {
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    ts.forEachChild(node, visit);
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return;
    const method = METHOD[node.expression.text];
    const [items, step] = node.arguments;
    if (!method || !items || !step || !(ts.isArrowFunction(step) || ts.isFunctionExpression(step))) return;
    if (step.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)) return;
    const signature = checker.getSignatureFromDeclaration(step);
    if (!signature || mayBeThenable(checker.getReturnTypeOfSignature(signature))) return;
    if (edits.some((e) => !(node.getEnd() <= e.start || node.getStart(sf) >= e.end))) return;
    const outer = ts.isAwaitExpression(node.parent) ? node.parent : node;
    const receiver =
      ts.isIdentifier(items) || ts.isPropertyAccessExpression(items) || ts.isCallExpression(items)
        ? items.getText(sf)
        : `(${items.getText(sf)})`;
    edits.push({ start: outer.getStart(sf), end: outer.getEnd(), text: `${receiver}.${method}(${step.getText(sf)})` });
  };
  visit(sf);
  if (!edits.length) continue;
  let text = readFileSync(sf.fileName, 'utf8');
  for (const e of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + e.text + text.slice(e.end);
  text = text.replace(/^import \{ ([^}]*) \} from '([^']*in-order(?:\.ts)?)';\n/m, (_line, names: string, spec) => {
    const used = names
      .split(',')
      .map((n) => n.trim())
      .filter((n) => new RegExp(`\\b${n}\\(`).test(text));
    return used.length ? `import { ${used.join(', ')} } from '${spec}';\n` : '';
  });
  writeFileSync(sf.fileName, text);
  total += edits.length;
  console.log(`${sf.fileName}: ${edits.length}`);
}
console.log(`undone ${total}`);
