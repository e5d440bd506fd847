// Make a function `async` where the compiler says it must be, from a `tsc --pretty false` output file:
// - an `await` outside an async function (TS1308);
// - with `returns`: a `return` whose promise does not fit the function's declared synchronous type (TS2322, TS2739,
//   TS2740, TS2741 on a line starting with `return`); the declared type `T` becomes `Promise<T>`.
// Usage: npx tsx scripts/codemods/async-where-awaited.ts <tsc-output-file> [returns]
import ts from 'typescript';
import { readFileSync, writeFileSync } from 'node:fs';
import { ROOT } from './program.ts';

const returns = process.argv[3] === 'returns';
const codes = returns ? /TS(2322|2739|2740|2741)/ : /TS1308/;
const errors = readFileSync(process.argv[2], 'utf8')
  .split('\n')
  .map((l) => l.match(/^(.*?)\((\d+),(\d+)\): error (TS\d+)/))
  .filter((m): m is RegExpMatchArray => !!m && codes.test(m[4]!));
const byFile = new Map<string, { line: number; col: number }[]>();
for (const m of errors) {
  const f = `${ROOT}/${m[1]}`;
  if (!byFile.has(f)) byFile.set(f, []);
  byFile.get(f)!.push({ line: +m[2]! - 1, col: +m[3]! - 1 });
}

type Fn = ts.ArrowFunction | ts.FunctionDeclaration | ts.FunctionExpression | ts.MethodDeclaration;
const isFn = (n: ts.Node): n is Fn =>
  ts.isArrowFunction(n) || ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isMethodDeclaration(n);

for (const [file, list] of byFile) {
  let text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edits = new Map<number, { end: number; text: string }>();
  for (const { line, col } of list) {
    if (returns && !/^\s*return\b/.test(text.split('\n')[line] ?? '')) continue;
    const pos = sf.getPositionOfLineAndCharacter(line, col);
    let n: ts.Node | undefined = (function find(node: ts.Node): ts.Node | undefined {
      if (pos < node.getStart(sf) || pos >= node.getEnd()) return undefined;
      return ts.forEachChild(node, find) ?? node;
    })(sf);
    while (n && !isFn(n)) n = n.parent;
    if (!n) {
      console.log('no function', file, line + 1);
      continue;
    }
    const fn = n;
    if (fn.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)) continue;
    let at: number;
    if (ts.isArrowFunction(fn)) at = fn.getStart(sf);
    else if (ts.isMethodDeclaration(fn)) at = fn.name.getStart(sf);
    else
      at = fn
        .getChildren(sf)
        .find((c) => c.kind === ts.SyntaxKind.FunctionKeyword)!
        .getStart(sf);
    edits.set(at, { end: at, text: 'async ' });
    const type = fn.type;
    if (type && !/^Promise</.test(type.getText(sf)))
      edits.set(type.getStart(sf), { end: type.getEnd(), text: `Promise<${type.getText(sf)}>` });
  }
  for (const [start, e] of [...edits].sort((a, b) => b[0] - a[0]))
    text = text.slice(0, start) + e.text + text.slice(e.end);
  writeFileSync(file, text);
  console.log(file.replace(ROOT + '/', ''), edits.size);
}
