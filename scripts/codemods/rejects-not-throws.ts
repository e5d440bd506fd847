import ts from 'typescript';
import { readFileSync, writeFileSync } from 'node:fs';
import { codeProgram, ROOT } from './program.ts';
const { checker, sources } = codeProgram();
const isPromise = (t: ts.Type | undefined) => !!t && t.getSymbol()?.getName() === 'Promise';
let total = 0;
for (const sf of sources()) {
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    ts.forEachChild(node, visit);
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
    const matcher = node.expression.name.text;
    if (matcher !== 'toThrow' && matcher !== 'toThrowError') return;
    let recv = node.expression.expression; // expect(x) or expect(x).not
    let negated = false;
    if (ts.isPropertyAccessExpression(recv) && recv.name.text === 'not') {
      negated = true;
      recv = recv.expression;
    }
    if (!ts.isCallExpression(recv) || recv.expression.getText(sf) !== 'expect' || recv.arguments.length < 1) return;
    const arg = recv.arguments[0]!;
    let produced: string | undefined;
    if (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) {
      const sig = checker.getSignatureFromDeclaration(arg);
      if (!isPromise(sig && checker.getReturnTypeOfSignature(sig))) return;
      if (ts.isBlock(arg.body)) produced = `(${arg.getText(sf)})()`;
      else produced = arg.body.getText(sf);
      if (arg.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword) && !ts.isBlock(arg.body))
        produced = `(${arg.getText(sf)})()`;
    } else {
      const t = checker.getTypeAtLocation(arg);
      const sigs = t.getCallSignatures();
      if (!sigs.length || !isPromise(sigs[0]!.getReturnType())) return;
      produced = `${arg.getText(sf)}()`;
    }
    const rest = recv.arguments.slice(1).map((a) => a.getText(sf));
    const expectArgs = [produced, ...rest].join(', ');
    const args = node.arguments.map((a) => a.getText(sf)).join(', ');
    const text = negated
      ? `await expect(${expectArgs}).resolves.not.toThrow()`
      : `await expect(${expectArgs}).rejects.${matcher}(${args})`;
    const parentAwait = ts.isAwaitExpression(node.parent);
    edits.push({
      start: node.getStart(sf),
      end: node.getEnd(),
      text: parentAwait ? text.replace(/^await /, '') : text,
    });
  };
  visit(sf);
  if (!edits.length) continue;
  let text = readFileSync(sf.fileName, 'utf8');
  for (const e of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + e.text + text.slice(e.end);
  writeFileSync(sf.fileName, text);
  total += edits.length;
  console.log(sf.fileName.replace(ROOT + '/', ''), edits.length);
}
console.log('rewrote', total);
