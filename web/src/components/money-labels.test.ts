import { globSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every title of a money figure names the brand's currency (decision 064): the English console never shows a bare
 * "Total amount" beside A$ figures, the Chinese one reads "（元）". Amounts are written without a symbol under such a
 * title (`amountText`), so a title without the currency leaves the reader guessing. This reads the console's code
 * and finds each money title: a `kind: 'money'` field of `defineFields` (or one whose cell writes an amount), and
 * outside the fields a column, description, statistic or form item whose figure is an amount; its label must carry
 * `{{currency}}` in English and `{{currencyUnit}}` in Chinese, the variables lib/money.ts fills. A title that is not a
 * catalog label of its own (a code's label) names the currency through `common:moneyTitle`.
 */
const src = join(import.meta.dirname, '..');
const LANGS = { 'en-US': '{{currency}}', 'zh-CN': '{{currencyUnit}}' } as const;
/**
 * What writes an amount without its currency or takes one. `moneyText` writes the symbol ("A$28,000.00"): a figure
 * on its own or in a sentence names its currency itself.
 */
const MONEY = /\b(amountText|recordAmountText|formatAmount)\(|<YuanInput\b/;
/** A record's amount in its own money (`recordAmountText`, `formatAmount`) is written without a symbol too. */
const WRITERS = new Set(['amountText', 'recordAmountText', 'formatAmount']);
const INPUT = 'YuanInput';
/** The items whose children are their input (a form item). */
const FORM_ITEMS = new Set(['Field', 'Form.Item']);
const TITLES = ['title', 'label'];

const catalogs = new Map<string, unknown>();
function text(lang: string, ns: string, key: string): unknown {
  const file = join(src, 'locales', lang, `${ns}.json`);
  if (!catalogs.has(file)) catalogs.set(file, JSON.parse(readFileSync(file, 'utf8')));
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogs.get(file));
}

interface Title {
  where: string;
  ns: string;
  key: string;
}

const literal = (node: ts.Node | undefined) =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

const property = (object: ts.ObjectLiteralExpression, name: string) =>
  object.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === name)
    ?.initializer;

/** The namespace of `t` where `node` is: the nearest `useTranslation('ns')` above it, else the catalog's default. */
function namespaceAt(node: ts.Node): string {
  for (let scope: ts.Node | undefined = node; scope; scope = scope.parent) {
    if (!ts.isBlock(scope) && !ts.isSourceFile(scope)) continue;
    let found: string | undefined;
    scope.forEachChild(function visit(child) {
      if (found || ts.isFunctionLike(child)) return;
      if (ts.isCallExpression(child) && child.expression.getText() === 'useTranslation') {
        const first = child.arguments[0];
        found = literal(first) ?? (first && ts.isArrayLiteralExpression(first) ? literal(first.elements[0]) : 'common');
        return;
      }
      child.forEachChild(visit);
    });
    if (found) return found;
  }
  return 'common';
}

/** The label key of `t('key')` (an `ns:key` names its catalog). */
function translated(node: ts.Node | undefined): { ns: string; key: string } | undefined {
  if (node && ts.isJsxExpression(node)) node = node.expression;
  if (!node || !ts.isCallExpression(node) || node.expression.getText() !== 't') return undefined;
  const key = literal(node.arguments[0]);
  if (key === undefined) return undefined;
  const colon = key.indexOf(':');
  return colon > 0 ? { ns: key.slice(0, colon), key: key.slice(colon + 1) } : { ns: namespaceAt(node), key };
}

/**
 * Whether `node` shows an amount as its figure: a sentence (`t('key', { amount })`) names its own currency, and
 * nested objects and lists (options, columns) and elements with a title of their own are titled by themselves.
 */
function figure(node: ts.Node): boolean {
  if (ts.isCallExpression(node)) {
    const callee = node.expression.getText();
    if (callee === 't') return false;
    if (WRITERS.has(callee)) return true;
  }
  if (ts.isObjectLiteralExpression(node) || ts.isArrayLiteralExpression(node)) return false;
  if (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) {
    if (node.tagName.getText() === INPUT) return true;
    if (node.attributes.properties.some((a) => ts.isJsxAttribute(a) && TITLES.includes(a.name.getText()))) return false;
  }
  return ts.forEachChild(node, figure) ?? false;
}

function moneyTitles(file: string): Title[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const where = (node: ts.Node) =>
    `${relative(src, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const titles: Title[] = [];
  const add = (node: ts.Node, found: { ns: string; key: string } | undefined) => {
    if (found) titles.push({ where: where(node), ...found });
  };
  const others = (all: readonly ts.Node[], title: ts.Node) => all.some((n) => n !== title && figure(n));

  source.forEachChild(function visit(node) {
    // defineFields<Row>()('ns', { field: { label, kind: 'money' } })
    if (ts.isCallExpression(node) && node.expression.getText().startsWith('defineFields<')) {
      const ns = literal(node.arguments[0]);
      const specs = node.arguments[1];
      if (ns && specs && ts.isObjectLiteralExpression(specs))
        for (const field of specs.properties) {
          if (!ts.isPropertyAssignment(field) || !ts.isObjectLiteralExpression(field.initializer)) continue;
          const spec = field.initializer;
          const money =
            literal(property(spec, 'kind')) === 'money' ||
            ['value', 'cell', 'form'].some((name) => MONEY.test(property(spec, name)?.getText() ?? ''));
          if (!money) continue;
          const label = literal(property(spec, 'label'));
          const form = property(spec, 'form');
          const formLabel = form && ts.isObjectLiteralExpression(form) ? literal(property(form, 'label')) : undefined;
          for (const key of [label, formLabel].filter((k) => k !== undefined)) {
            const colon = key.indexOf(':');
            titles.push({
              where: where(field),
              ...(colon > 0 ? { ns: key.slice(0, colon), key: key.slice(colon + 1) } : { ns, key }),
            });
          }
        }
    }
    // { title: t('key'), render: ... amountText(...) } (a column), { label: t('key'), children: amountText(...) }
    if (ts.isObjectLiteralExpression(node))
      for (const name of TITLES) {
        const title = property(node, name);
        if (title && others(node.properties, title.parent)) add(node, translated(title));
      }
    // <Statistic title={t('key')} value={amountText(...)} />, <Field label={t('key')}><YuanInput /></Field>
    if (ts.isJsxSelfClosingElement(node) || ts.isJsxElement(node)) {
      const opening = ts.isJsxElement(node) ? node.openingElement : node;
      const attributes = opening.attributes.properties;
      // A form item's input is its child; other elements' children are titled by themselves.
      const children = ts.isJsxElement(node) && FORM_ITEMS.has(opening.tagName.getText()) ? node.children : [];
      for (const name of TITLES) {
        const title = attributes.find((a) => ts.isJsxAttribute(a) && a.name.getText() === name);
        if (title && ts.isJsxAttribute(title) && others([...attributes, ...children], title))
          add(node, translated(title.initializer));
      }
    }
    node.forEachChild(visit);
  });
  return titles;
}

const files = globSync('**/*.{ts,tsx}', { cwd: src })
  .filter((file) => !file.includes('.test.'))
  .map((file) => join(src, file));
const titles = files.flatMap(moneyTitles);

describe('money titles', () => {
  it('finds the money titles of the console', () => {
    // A floor, so that a change in how the code is read cannot make this test pass by finding nothing.
    expect(titles.length).toBeGreaterThan(70);
  });

  it.each(Object.entries(LANGS))('name the currency in %s', (lang, variable) => {
    const missing = titles
      .map((title) => ({ ...title, text: text(lang, title.ns, title.key) }))
      .filter((title) => typeof title.text !== 'string' || !title.text.includes(variable))
      .map((title) => `${title.where} ${title.ns}:${title.key} = ${JSON.stringify(title.text)}`);
    expect(missing).toEqual([]);
  });
});
