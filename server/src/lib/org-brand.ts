import { eq, sql, type SQL } from 'drizzle-orm';
import { nameInLanguage } from '@console/contract/formats/names';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Lang } from '@console/contract/messages/translate';
import { CNY, type MoneyFormat } from '@console/contract/codes/money';
import type { InvoiceType } from '@console/contract/codes/accounts';
import { normaliseTaxId, taxRegimeIssue, type TaxRegime } from '@console/contract/codes/tax-regimes';
import type { Db } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { upTheLine } from '@console/db/org-zone';
import { lessorProfiles } from '@console/db/schema/lessors';
import { brandByAppid } from './brands.ts';
import type { ScopedData } from './data.ts';
import type { AppDeps } from './deps.ts';
import { invalidField } from './errors.ts';

/**
 * The brand an organisation does business under (docs/decisions/064-brand-money-and-languages.md): a rental
 * company's is the one it was onboarded under (lessor_profiles); its customers, stores and sub-lessors follow the
 * company above them; the operator and anyone without one get the default brand. Its money is the currency of
 * every amount the organisation is billed or bills in, its tax regime the invoices it asks for.
 */
export interface OrgBrand {
  appid: string;
  money: MoneyFormat;
  taxRegime: TaxRegime;
  /** The calling code of its phones when a record keeps none (the reminder text's number). */
  dialCode: string;
}

/** Up the organisation tree (customer → lessor → operator) until a company names its brand. */
async function appidOf(db: Db, orgId: number): Promise<string> {
  let id: number | null = orgId;
  for (let hops = 0; id !== null && hops < 4; hops++) {
    const profile = await db
      .select({ appid: lessorProfiles.appid })
      .from(lessorProfiles)
      .where(eq(lessorProfiles.orgId, id))
      .get();
    if (profile) return profile.appid;
    id =
      (await db.select({ parentId: organisations.parentId }).from(organisations).where(eq(organisations.id, id)).get())
        ?.parentId ?? null;
  }
  return '';
}

/** Every organisation's brand at once, as orgBrand() finds each: for a list whose rows belong to many (two reads). */
export async function orgBrands(deps: AppDeps, db: Db): Promise<(orgId: number) => OrgBrand> {
  const profiles = await db
    .select({ orgId: lessorProfiles.orgId, appid: lessorProfiles.appid })
    .from(lessorProfiles)
    .all();
  const appidOfOrg = await upTheLine(db, new Map(profiles.map((p) => [p.orgId, p.appid])));
  return (orgId) => brandOfAppid(deps, appidOfOrg(orgId) ?? '');
}

export async function orgBrand(deps: AppDeps, db: Db, orgId: number): Promise<OrgBrand> {
  return brandOfAppid(deps, await appidOf(db, orgId));
}

function brandOfAppid(deps: AppDeps, appid: string): OrgBrand {
  const pack = brandByAppid(deps, appid);
  if (!pack) return { appid: '', money: CNY, taxRegime: 'cnVat', dialCode: '86' };
  return {
    appid: pack.appid,
    money: pack.info.money,
    taxRegime: pack.info.taxRegime,
    dialCode: pack.info.dialCode ?? '86',
  };
}

/** A record keeping a text (`field`) in its own language and, '' when not kept, in Chinese and in English. */
export type InTwoLanguages<K extends string> = Record<K | `${K}Zh` | `${K}En`, string>;

/** A record's text in a language: the one it keeps in that language, else the one in its own language. */
export function textIn<K extends string>(record: InTwoLanguages<K>, field: K, lang: 'zh' | 'en'): string {
  return (lang === 'zh' ? record[`${field}Zh`] : record[`${field}En`]) || record[field];
}

/**
 * A record's name in a language (contract/formats/names.ts): the one it keeps in that language, else the one it keeps
 * in the other (a company named in one language only reads so everywhere), else the name it is registered under.
 */
export function nameIn(record: InTwoLanguages<'name'>, lang: 'zh' | 'en'): string {
  return nameInLanguage(record, lang);
}

/** The language a reader's names are in: the console's (the `lang` header), as records keep them. */
export type ReaderLang = 'zh' | 'en';

export function readerLang(lang: Lang): ReaderLang {
  return lang === 'en_US' ? 'en' : 'zh';
}

/** An organisation's names, as a read selects them for nameIn(). */
export const ORG_NAMES = { name: organisations.name, nameZh: organisations.nameZh, nameEn: organisations.nameEn };

/** An organisation's names as it keeps them; undefined when there is no such organisation. */
export const namesOfOrg = async (db: Db, orgId: number): Promise<InTwoLanguages<'name'> | undefined> =>
  db.select(ORG_NAMES).from(organisations).where(eq(organisations.id, orgId)).get();

/** An organisation's name in a language (nameIn); '' when there is no such organisation. */
export async function orgNameIn(db: Db, orgId: number, lang: ReaderLang): Promise<string> {
  const names = await namesOfOrg(db, orgId);
  return names ? nameIn(names, lang) : '';
}

/** The columns a search of organisations by name matches: any of its names. */
export const ORG_NAME_COLUMNS = [organisations.name, organisations.nameZh, organisations.nameEn];

/**
 * The name columns an edit of an organisation writes, spread over its form's fields, when the form edits one name
 * (customers, distributors, renters, sub-lessors, the company's own details; `orgId` already found in the editor's
 * scope). A name the record already answers (the registered one, or the reader's language's that lists show) keeps
 * the registered one; a new name is kept as the reader's language's and cleared in the other, so that no reader goes
 * on seeing the old name (the other language reads the new one until someone names it there).
 */
export async function renamed(
  tx: ScopedData,
  orgId: number,
  name: string | undefined,
): Promise<Partial<InTwoLanguages<'name'>>> {
  if (name === undefined) return {};
  const current = await namesOfOrg(tx.unscoped('alreadyScoped'), orgId);
  if (!current) return {};
  if (name === current.name || name === nameIn(current, tx.lang)) return { name: current.name };
  return { name, nameZh: tx.lang === 'zh' ? name : '', nameEn: tx.lang === 'en' ? name : '' };
}

/** A table keeping its names in two languages (organisations, device models, shop products). */
type NamedInTwoLanguages = Record<'name' | 'nameZh' | 'nameEn', AnySQLiteColumn>;

/**
 * nameIn() in SQL, for a query answering a name to a reader: the name the record keeps in that language, else the one
 * it keeps in the other, else the one it is registered under; '' when a left join finds no record.
 */
export function nameInSql(table: NamedInTwoLanguages, lang: ReaderLang): SQL<string> {
  const [kept, other] = lang === 'zh' ? [table.nameZh, table.nameEn] : [table.nameEn, table.nameZh];
  return sql<string>`coalesce(nullif(${kept}, ''), nullif(${other}, ''), ${table.name}, '')`;
}

/**
 * Invoice information checked against the tax regime of the company's brand (decision 064): a kind the regime
 * offers, a rate of that kind, a tax identifier of its country. Answers the identifier as kept (no spaces).
 */
export async function checkTaxRegime(
  deps: AppDeps,
  db: Db,
  orgId: number,
  invoice: { type: InvoiceType; taxRate: number; taxNumber: string },
): Promise<string> {
  const issue = taxRegimeIssue((await orgBrand(deps, db, orgId)).taxRegime, invoice);
  if (issue) throw invalidField(issue.field, issue.key);
  return normaliseTaxId(invoice.taxNumber);
}
