// Wrap ReturnType<...> that resolves to a Promise in Awaited<...>.
import ts from 'typescript';
import { readFileSync, writeFileSync } from 'node:fs';
import { codeProgram } from './program.ts';
const { checker, sources } = codeProgram();
let n = 0;
for (const sf of sources()) {
  const edits: { start: number; end: number }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isTypeReferenceNode(node) &&
      node.typeName.getText(sf) === 'ReturnType' &&
      !(ts.isTypeReferenceNode(node.parent) && node.parent.typeName.getText(sf) === 'Awaited')
    ) {
      const t = checker.getTypeFromTypeNode(node);
      if (t.getSymbol()?.getName() === 'Promise') edits.push({ start: node.getStart(sf), end: node.getEnd() });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (!edits.length) continue;
  let text = readFileSync(sf.fileName, 'utf8');
  for (const e of edits.sort((a, b) => b.start - a.start))
    text = text.slice(0, e.start) + 'Awaited<' + text.slice(e.start, e.end) + '>' + text.slice(e.end);
  writeFileSync(sf.fileName, text);
  n += edits.length;
}
console.log(`wrapped ${n}`);
