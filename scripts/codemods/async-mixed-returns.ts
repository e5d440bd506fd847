// A function that answers a promise on one path and a plain value on another (`if (none) return []; return
// db….all()`) becomes `async`, so its callers get one type. Usage: npx tsx scripts/codemods/async-mixed-returns.ts
import ts from 'typescript';
import { readFileSync, writeFileSync } from 'node:fs';
import { codeProgram } from './program.ts';

const { checker, sources } = codeProgram();
const isPromise = (t: ts.Type) => t.getSymbol()?.getName() === 'Promise';
let total = 0;
for (const sf of sources()) {
  const inserts: number[] = [];
  const visit = (node: ts.Node) => {
    ts.forEachChild(node, visit);
    if (
      !(ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node)) ||
      !node.body ||
      node.type ||
      node.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)
    )
      return;
    const signature = checker.getSignatureFromDeclaration(node);
    const returns = signature && checker.getReturnTypeOfSignature(signature);
    if (!returns?.isUnion() || !returns.types.some(isPromise)) return;
    if (returns.types.every((t) => isPromise(t) || t.flags & ts.TypeFlags.Undefined)) {
      if (returns.types.every(isPromise)) return;
    }
    inserts.push(
      ts.isArrowFunction(node)
        ? node.getStart(sf)
        : node
            .getChildren(sf)
            .find((c) => c.kind === ts.SyntaxKind.FunctionKeyword)!
            .getStart(sf),
    );
  };
  visit(sf);
  if (!inserts.length) continue;
  let text = readFileSync(sf.fileName, 'utf8');
  for (const at of inserts.sort((a, b) => b - a)) text = text.slice(0, at) + 'async ' + text.slice(at);
  writeFileSync(sf.fileName, text);
  total += inserts.length;
  console.log(`${sf.fileName}: ${inserts.length}`);
}
console.log(`made async: ${total}`);
