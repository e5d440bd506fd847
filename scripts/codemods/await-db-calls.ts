// One-off codemod: await every Promise-typed call that is not awaited, make its function async, repeat to fixpoint.
// Usage: npx tsx scripts/codemods/await-db-calls.ts baseline|apply [maxIterations]
import ts from 'typescript';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeProgram, ROOT } from './program.ts';

const mode = process.argv[2];
const maxIter = Number(process.argv[3] ?? 1);
const BASELINE = join(tmpdir(), 'await-db-calls-baseline.json');

type FnLike =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration
  | ts.ConstructorDeclaration;

function enclosingFn(node: ts.Node): FnLike | undefined {
  let n: ts.Node | undefined = node.parent;
  while (n) {
    if (
      ts.isFunctionDeclaration(n) ||
      ts.isFunctionExpression(n) ||
      ts.isArrowFunction(n) ||
      ts.isMethodDeclaration(n) ||
      ts.isGetAccessorDeclaration(n) ||
      ts.isSetAccessorDeclaration(n) ||
      ts.isConstructorDeclaration(n)
    )
      return n;
    n = n.parent;
  }
  return undefined;
}

const isAsync = (fn: FnLike) =>
  !!ts.getCombinedModifierFlags(fn as ts.Declaration) &&
  (ts.getCombinedModifierFlags(fn as ts.Declaration) & ts.ModifierFlags.Async) !== 0;

function isPromiseType(t: ts.Type): boolean {
  const s = t.getSymbol();
  if (s && (s.getName() === 'Promise' || s.getName() === 'SQLiteRaw')) return true;
  if (t.isUnion()) return t.types.some((u) => u.getSymbol()?.getName() === 'Promise');
  return false;
}

const ARRAY_CALLBACKS = new Set([
  'map',
  'forEach',
  'filter',
  'flatMap',
  'reduce',
  'some',
  'every',
  'find',
  'findIndex',
  'sort',
  'toSorted',
  'findLast',
]);

interface Edit {
  pos: number;
  del?: number;
  text: string;
}

function run(): { changed: number; manual: string[]; keys: string[] } {
  const baseline: Record<string, number> =
    mode === 'apply' && existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, 'utf8')) : {};
  const { checker, sources } = codeProgram();
  const edits = new Map<string, Edit[]>();
  const manual: string[] = [];
  const keys: string[] = [];
  const asyncDone = new Set<ts.Node>();
  let changed = 0;

  const add = (file: string, e: Edit) => {
    if (!edits.has(file)) edits.set(file, []);
    edits.get(file)!.push(e);
  };
  const where = (sf: ts.SourceFile, node: ts.Node) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    return `${sf.fileName.replace(ROOT + '/', '')}:${line + 1}`;
  };

  function makeAsync(sf: ts.SourceFile, fn: FnLike, why: ts.Node): boolean {
    if (asyncDone.has(fn)) return true;
    if (isAsync(fn)) return true;
    if (ts.isConstructorDeclaration(fn) || ts.isGetAccessorDeclaration(fn) || ts.isSetAccessorDeclaration(fn)) {
      manual.push(`${where(sf, why)} in constructor/accessor`);
      return false;
    }
    if ((fn as ts.FunctionDeclaration).asteriskToken) {
      manual.push(`${where(sf, why)} in generator`);
      return false;
    }
    const signature = checker.getSignatureFromDeclaration(fn as ts.SignatureDeclaration);
    const returns = signature && checker.getReturnTypeOfSignature(signature);
    if (
      returns &&
      returns.getSymbol()?.getName() !== 'Promise' &&
      /SQLite|Query|Dynamic/.test(checker.typeToString(returns))
    ) {
      manual.push(`${where(sf, fn)} returns a query builder (thenable): not made async`);
      return false;
    }
    asyncDone.add(fn);
    // where to put `async`
    let pos: number;
    if (ts.isArrowFunction(fn)) {
      pos = fn.getStart(sf);
      const mods = fn.modifiers;
      if (mods && mods.length) pos = mods[mods.length - 1].getEnd() + 1;
    } else if (ts.isFunctionDeclaration(fn) || ts.isFunctionExpression(fn)) {
      const kw = fn.getChildren(sf).find((c) => c.kind === ts.SyntaxKind.FunctionKeyword)!;
      pos = kw.getStart(sf);
    } else {
      // method: after modifiers, before name
      pos = fn.name.getStart(sf);
    }
    add(sf.fileName, { pos, text: 'async ' });
    if (fn.type) {
      const typeText = fn.type.getText(sf);
      if (ts.isTypePredicateNode(fn.type)) manual.push(`${where(sf, fn)} type predicate made async`);
      else if (!/^Promise</.test(typeText))
        add(sf.fileName, { pos: fn.type.getStart(sf), del: typeText.length, text: `Promise<${typeText}>` });
    }
    // A callback given to an array method: its result is now an array of promises or a promise predicate.
    const p = fn.parent;
    if (
      p &&
      ts.isCallExpression(p) &&
      ts.isPropertyAccessExpression(p.expression) &&
      ARRAY_CALLBACKS.has(p.expression.name.text)
    )
      manual.push(`${where(sf, fn)} async callback of .${p.expression.name.text}()`);
    else if (p && ts.isCallExpression(p) && p.arguments.includes(fn as ts.Expression)) {
      const callee = p.expression.getText(sf).slice(0, 60);
      manual.push(`${where(sf, fn)} async callback given to ${callee}()`);
    } else if (
      p &&
      !ts.isBlock(p) &&
      !ts.isSourceFile(p) &&
      !ts.isClassDeclaration(p) &&
      !ts.isClassExpression(p) &&
      !ts.isModuleBlock(p) &&
      !ts.isVariableDeclaration(p) &&
      !ts.isPropertyAssignment(p) &&
      !ts.isExportAssignment(p) &&
      !ts.isObjectLiteralExpression(p)
    )
      manual.push(`${where(sf, fn)} async function in ${ts.SyntaxKind[p.kind]}`);
    return true;
  }

  for (const sf of sources()) {
    const seen: Record<string, number> = {};
    const visit = (node: ts.Node) => {
      ts.forEachChild(node, visit);
      if (!ts.isCallExpression(node)) return;
      let t: ts.Type;
      try {
        t = checker.getTypeAtLocation(node);
      } catch {
        return;
      }
      if (!isPromiseType(t)) return;
      const parent = node.parent;
      if (ts.isAwaitExpression(parent) || ts.isVoidExpression(parent)) return;
      if (ts.isPropertyAccessExpression(parent) && ['then', 'catch', 'finally'].includes(parent.name.text)) return;
      if (
        ts.isParenthesizedExpression(parent) &&
        (ts.isAwaitExpression(parent.parent) || ts.isVoidExpression(parent.parent))
      )
        return;
      // Promise.all([...]) / Promise.all(x.map(...)) arguments
      const inPromiseAll = (n: ts.Node) =>
        ts.isCallExpression(n) && /^Promise\.(all|allSettled|race|any)$/.test(n.expression.getText(sf));
      if (inPromiseAll(parent) || (ts.isArrayLiteralExpression(parent) && inPromiseAll(parent.parent))) return;
      const key = `${sf.fileName}|${node.getText(sf)}`;
      seen[key] = (seen[key] ?? 0) + 1;
      keys.push(key);
      if (mode === 'baseline') return;
      if ((baseline[key] ?? 0) >= seen[key]) return;
      const fn = enclosingFn(node);
      // Return position: an inferred return type carries the promise to the callers by itself.
      const returnPos = ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === node);
      if (returnPos && fn && !fn.type && !ts.isConstructorDeclaration(fn)) {
        // A callback whose result is now a promise: flag when given to array methods
        const p = fn.parent;
        if (
          ts.isCallExpression(p) &&
          ts.isPropertyAccessExpression(p.expression) &&
          ARRAY_CALLBACKS.has(p.expression.name.text) &&
          !asyncDone.has(fn) &&
          !isAsync(fn)
        )
          manual.push(`${where(sf, fn)} promise-returning callback of .${p.expression.name.text}()`);
        return;
      }
      if (returnPos && fn && fn.type) {
        if (!isAsync(fn) && !asyncDone.has(fn) && makeAsync(sf, fn, node)) changed++;
        return;
      }
      if (fn) {
        if (!makeAsync(sf, fn, node)) return;
      } else manual.push(`${where(sf, node)} top-level await`);
      const needParens =
        ts.isPropertyAccessExpression(parent) ||
        ts.isElementAccessExpression(parent) ||
        ts.isNonNullExpression(parent) ||
        (ts.isCallExpression(parent) && parent.expression === node) ||
        ts.isTaggedTemplateExpression(parent);
      if (needParens) {
        add(sf.fileName, { pos: node.getStart(sf), text: '(await ' });
        add(sf.fileName, { pos: node.getEnd(), text: ')' });
      } else add(sf.fileName, { pos: node.getStart(sf), text: 'await ' });
      changed++;
    };
    visit(sf);
  }
  if (mode === 'baseline') {
    const counts: Record<string, number> = {};
    for (const k of keys) counts[k] = (counts[k] ?? 0) + 1;
    writeFileSync(BASELINE, JSON.stringify(counts, null, 1));
    console.log(`baseline: ${keys.length} promise calls not awaited`);
    return { changed: 0, manual, keys };
  }
  for (const [file, list] of edits) {
    let text = readFileSync(file, 'utf8');
    // later positions first; at one position keep insertion order (async before await, '(await ' before ')')
    const indexed = list.map((e, i) => ({ ...e, i }));
    indexed.sort((a, b) => b.pos - a.pos || b.i - a.i);
    for (const e of indexed) text = text.slice(0, e.pos) + e.text + text.slice(e.pos + (e.del ?? 0));
    writeFileSync(file, text);
  }
  return { changed, manual, keys };
}

for (let i = 0; i < maxIter; i++) {
  const started = Date.now();
  const { changed, manual } = run();
  console.log(`iteration ${i + 1}: ${changed} changes (${Math.round((Date.now() - started) / 1000)} s)`);
  writeFileSync(join(tmpdir(), `await-db-calls-manual-${i + 1}.txt`), [...new Set(manual)].join('\n') + '\n');
  if (mode === 'baseline' || changed === 0) break;
}
