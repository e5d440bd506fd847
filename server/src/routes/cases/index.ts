import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Scope, ScopedData } from '../../lib/data.ts';
import { faultCases } from '@console/db/schema/cases';
import { caseEndpoints, type CaseRow } from '@console/contract/http/cases';
import { listPage, sortDirection } from '../../lib/list-page.ts';
import { recordWrites } from '../../lib/record-writes.ts';
import { keywordIn } from '../../lib/search.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { jsonHas, userNames } from '../../lib/maintenance.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import type { Lang } from '@console/contract/messages/translate';
import { orgNames } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { assertCreator, operatorOrgIds, ownerOrgIds } from '../../lib/device-access.ts';
import { rankCases } from './rank.ts';
import { sortColumn } from '../../lib/sorting.ts';

type CaseRecord = typeof faultCases.$inferSelect;

/**
 * The cases a user reads: the operator's (a catalog for every company, like the device models) in the language the
 * user reads (decision 064: an English console shows no Chinese case), and those of the organisations in the user's
 * scope. A rental company's cases are its own know-how; another company never sees them.
 */
export async function visibleCases(data: ScopedData, lang: Lang): Promise<Scope> {
  const operators = await operatorOrgIds(data);
  const catalog = and(inArray(faultCases.orgId, operators), eq(faultCases.lang, lang === 'en_US' ? 'en' : 'zh'))!;
  return data.anyOf(data.shared('codeTable', catalog), data.orgScope(faultCases.orgId));
}

async function findCase(data: ScopedData, id: number, lang: Lang): Promise<CaseRecord> {
  const row = await data
    .select()
    .from(faultCases, await visibleCases(data, lang))
    .where(eq(faultCases.id, id))
    .get();
  if (!row) throw notFound();
  return row;
}

/** A case the user may change: visible, and kept by one of the user's organisations. */
async function ownCase(data: ScopedData, user: SessionUser, id: number, lang: Lang): Promise<CaseRecord> {
  const row = await findCase(data, id, lang);
  if (!(await ownerOrgIds(data, user)).includes(row.orgId)) throw forbidden();
  return row;
}

async function present(data: ScopedData, user: SessionUser, rows: CaseRecord[], timeZone: string): Promise<CaseRow[]> {
  const authors = await userNames(
    data,
    rows.map((r) => r.authorId),
  );
  const orgs = await orgNames(
    data,
    rows.map((r) => r.orgId),
  );
  const owned = await ownerOrgIds(data, user);
  return rows.map((r) => ({
    id: r.id,
    machineKind: r.machineKind,
    faultTypes: r.faultTypes,
    title: r.title,
    symptom: r.symptom,
    cause: r.cause,
    solution: r.solution,
    parts: r.parts,
    authorName: (r.authorId && authors.get(r.authorId)) || '',
    orgName: orgs.get(r.orgId) ?? '',
    createdAt: formatInZone(r.createdAt, timeZone),
    updatedAt: formatInZone(r.updatedAt, timeZone),
    editable: owned.includes(r.orgId),
  }));
}

/** Free text is found with LIKE in every text of a case (decision 019: why not FTS5). */
const CASE_TEXTS = [faultCases.title, faultCases.symptom, faultCases.cause, faultCases.solution, faultCases.parts];

const SORTS = { updatedAt: faultCases.updatedAt, title: faultCases.title, machineKind: faultCases.machineKind };

export const caseRoutes: RouteDef[] = [
  route(caseEndpoints.list, async ({ query, user, data, timeZone, lang }) => {
    const where = and(
      query.machineKind ? eq(faultCases.machineKind, query.machineKind) : undefined,
      query.faultType ? jsonHas(data.dialect, faultCases.faultTypes, query.faultType) : undefined,
      keywordIn(data.dialect, CASE_TEXTS, query.keyword),
    );
    const column = sortColumn(SORTS, query.sortField) ?? faultCases.updatedAt;
    const { rows, ...paging } = await listPage(
      data,
      query,
      data
        .select()
        .from(faultCases, await visibleCases(data, lang))
        .where(where),
      [sortDirection(query)(column), desc(faultCases.id)],
    );
    return { list: await present(data, user, rows, timeZone), ...paging };
  }),
  route(caseEndpoints.detail, async ({ query, user, data, timeZone, lang }) => {
    return (await present(data, user, [await findCase(data, query.id, lang)], timeZone))[0]!;
  }),
  ...recordWrites(caseEndpoints, {
    table: faultCases,
    assertChangeable: async (tx, id, { user, lang }) => {
      await ownCase(tx, user, id, lang);
    },
    // A case is written in the language of the console it is written in.
    origin: async (tx, { user, lang }) => ({
      orgId: await assertCreator(tx, user),
      authorId: user.id,
      lang: lang === 'en_US' ? 'en' : 'zh',
    }),
    stamp: ({ deps }) => ({ updatedAt: new Date(deps.now()) }),
  }),
  route(caseEndpoints.match, async ({ query, data, lang }) => {
    const narrowed =
      query.machineKind || query.faultTypes.length > 0
        ? or(
            query.machineKind ? eq(faultCases.machineKind, query.machineKind) : undefined,
            ...query.faultTypes.map((type) => jsonHas(data.dialect, faultCases.faultTypes, type)),
          )
        : undefined;
    // A library is hundreds of cases per company; the candidates are scored in memory.
    const candidates = await data
      .select()
      .from(faultCases, await visibleCases(data, lang))
      .where(narrowed)
      .orderBy(desc(faultCases.updatedAt))
      .limit(2000)
      .all();
    return { list: rankCases(candidates, query).slice(0, query.limit) };
  }),
];
