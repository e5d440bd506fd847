// Make a function synchronous again when await-db-calls made it `async` and it no longer awaits anything (what it
// waited for became synchronous): `async` goes, and a declared `Promise<T>` return type becomes `T`. A function that
// was already `async` before the change (in git's HEAD) keeps it. Run unawait-sync.ts after it, to a fixpoint.
// Usage: npx tsx scripts/codemods/unasync-awaitless.ts
import ts from 'typescript';
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { codeProgram, ROOT } from './program.ts';

const { sources } = codeProgram();
const headText = (file: string) => {
  try {
    return execSync(`git show HEAD:${file.replace(ROOT + '/', '')}`, { cwd: ROOT, maxBuffer: 1 << 26 }).toString();
  } catch {
    return '';
  }
};

type Fn = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction | ts.MethodDeclaration;

function awaitsInside(fn: Fn): boolean {
  let found = false;
  const visit = (node: ts.Node) => {
    if (found) return;
    if (node !== fn && ts.isFunctionLike(node)) return;
    if (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) found = true;
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn, visit);
  return found;
}

/** The function's text from its start to its body, with `async` taken out: how HEAD would have written it. */
function headerOf(sf: ts.SourceFile, fn: Fn): string {
  const body = fn.body!;
  const type = fn.type;
  const unwrapped =
    type && ts.isTypeReferenceNode(type) && type.typeName.getText(sf) === 'Promise' && type.typeArguments?.length
      ? sf.text.slice(fn.getStart(sf), type.getStart(sf)) +
        type.typeArguments[0]!.getText(sf) +
        sf.text.slice(type.getEnd(), body.getStart(sf))
      : sf.text.slice(fn.getStart(sf), body.getStart(sf));
  return unwrapped
    .replace(/\basync\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

let total = 0;
for (const sf of sources()) {
  const head = headText(sf.fileName).replace(/\s+/g, ' ');
  if (!head) continue;
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    ts.forEachChild(node, visit);
    if (
      !(
        ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node)
      ) ||
      !node.body
    )
      return;
    const asyncMod = node.modifiers?.find((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
    if (!asyncMod || awaitsInside(node)) return;
    const header = headerOf(sf, node);
    // Already async in HEAD (its header there reads `async …`), or a header HEAD does not have at all: leave it.
    if (!head.includes(header) || head.includes(`async ${header}`)) return;
    edits.push({ start: asyncMod.getStart(sf), end: asyncMod.getEnd() + 1, text: '' });
    const type = node.type;
    if (type && ts.isTypeReferenceNode(type) && type.typeName.getText(sf) === 'Promise' && type.typeArguments?.length)
      edits.push({ start: type.getStart(sf), end: type.getEnd(), text: type.typeArguments[0]!.getText(sf) });
  };
  visit(sf);
  if (!edits.length) continue;
  let text = readFileSync(sf.fileName, 'utf8');
  for (const e of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + e.text + text.slice(e.end);
  writeFileSync(sf.fileName, text);
  total += edits.length;
}
console.log(`made synchronous again: ${total} edits`);
