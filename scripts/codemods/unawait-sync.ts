// Remove `await` before a value that is not a promise (a method made synchronous again after await-db-calls ran).
// Usage: npx tsx scripts/codemods/unawait-sync.ts
import ts from 'typescript';
import { readFileSync, writeFileSync } from 'node:fs';
import { codeProgram } from './program.ts';

const { checker, sources } = codeProgram();
const mayBeThenable = (t: ts.Type): boolean =>
  // A type the checker cannot resolve here (a generic's, a conditional one like drizzle's results) may be a promise.
  !!(
    t.flags &
    (ts.TypeFlags.Any |
      ts.TypeFlags.Unknown |
      ts.TypeFlags.TypeParameter |
      ts.TypeFlags.Conditional |
      ts.TypeFlags.IndexedAccess |
      ts.TypeFlags.Substitution)
  ) || (t.isUnion() ? t.types.some(mayBeThenable) : !!t.getProperty('then'));
let total = 0;
for (const sf of sources()) {
  const edits: { start: number; end: number }[] = [];
  const visit = (node: ts.Node) => {
    ts.forEachChild(node, visit);
    if (!ts.isAwaitExpression(node)) return;
    if (mayBeThenable(checker.getTypeAtLocation(node.expression))) return;
    edits.push({ start: node.getStart(sf), end: node.expression.getStart(sf) });
  };
  visit(sf);
  if (!edits.length) continue;
  let text = readFileSync(sf.fileName, 'utf8');
  for (const e of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + text.slice(e.end);
  writeFileSync(sf.fileName, text);
  total += edits.length;
}
console.log(`removed ${total}`);
