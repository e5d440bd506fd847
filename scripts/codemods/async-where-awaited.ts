import ts from 'typescript';
import { readFileSync, writeFileSync } from 'node:fs';
import { ROOT } from './program.ts';
const errors = readFileSync(process.argv[2], 'utf8')
  .split('\n')
  .map((l) => l.match(/^(.*?)\((\d+),(\d+)\): error TS1308/))
  .filter(Boolean) as RegExpMatchArray[];
const byFile = new Map<string, { line: number; col: number }[]>();
for (const m of errors) {
  const f = `${ROOT}/${m[1]}`;
  if (!byFile.has(f)) byFile.set(f, []);
  byFile.get(f)!.push({ line: +m[2] - 1, col: +m[3] - 1 });
}
for (const [file, list] of byFile) {
  let text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const inserts = new Set<number>();
  for (const { line, col } of list) {
    const pos = sf.getPositionOfLineAndCharacter(line, col);
    let n: ts.Node | undefined = (function find(node: ts.Node): ts.Node | undefined {
      if (pos < node.getStart(sf) || pos >= node.getEnd()) return undefined;
      return ts.forEachChild(node, find) ?? node;
    })(sf);
    while (
      n &&
      !(ts.isArrowFunction(n) || ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isMethodDeclaration(n))
    )
      n = n.parent;
    if (!n) {
      console.log('no fn', file, line);
      continue;
    }
    let at: number;
    if (ts.isArrowFunction(n)) at = n.getStart(sf);
    else if (ts.isMethodDeclaration(n)) at = n.name.getStart(sf);
    else
      at = n
        .getChildren(sf)
        .find((c) => c.kind === ts.SyntaxKind.FunctionKeyword)!
        .getStart(sf);
    const fn = n as ts.FunctionLikeDeclaration;
    if (fn.type && !/^Promise</.test(fn.type.getText(sf))) console.log('typed', file, line + 1, fn.type.getText(sf));
    inserts.add(at);
  }
  for (const at of [...inserts].sort((a, b) => b - a)) text = text.slice(0, at) + 'async ' + text.slice(at);
  writeFileSync(file, text);
  console.log(file.replace(ROOT + '/', ''), inserts.size);
}
