import { and, asc, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { faultCases } from '@console/db/schema/cases';
import { caseEndpoints, type CaseRow } from '@console/contract/http/cases';
import { forbidden, notFound } from '../../lib/errors.ts';
import { jsonHas, userNames } from '../../lib/maintenance.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames, visibleOrgIds } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { ownerOrgIds } from '../device-access.ts';
import { assertCreator, likeText } from '../peripherals/shared.ts';
import { rankCases } from './rank.ts';
import { sortColumn } from '../../lib/sorting.ts';

type CaseRecord = typeof faultCases.$inferSelect;

/**
 * The cases a user reads: the operator's (a catalog for every company, like the device models) and those of the
 * organisations in the user's scope. A rental company's cases are its own know-how; another company never sees them.
 */
export function visibleCases(db: Db, user: SessionUser): SQL {
  const operators = db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.kind, 'operator'))
    .all()
    .map((o) => o.id);
  return inArray(faultCases.orgId, [...new Set([...operators, ...visibleOrgIds(db, user)])]);
}

function findCase(db: Db, user: SessionUser, id: number): CaseRecord {
  const row = db
    .select()
    .from(faultCases)
    .where(and(eq(faultCases.id, id), visibleCases(db, user)))
    .get();
  if (!row) throw notFound();
  return row;
}

/** A case the user may change: visible, and kept by one of the user's organisations. */
function ownCase(db: Db, user: SessionUser, id: number): CaseRecord {
  const row = findCase(db, user, id);
  if (!ownerOrgIds(db, user).includes(row.orgId)) throw forbidden();
  return row;
}

function present(db: Db, user: SessionUser, rows: CaseRecord[], timeZone: string): CaseRow[] {
  const authors = userNames(
    db,
    rows.map((r) => r.authorId),
  );
  const orgs = orgNames(
    db,
    rows.map((r) => r.orgId),
  );
  const owned = ownerOrgIds(db, user);
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
const textMatch = (keyword: string) =>
  or(
    likeText(faultCases.title, keyword),
    likeText(faultCases.symptom, keyword),
    likeText(faultCases.cause, keyword),
    likeText(faultCases.solution, keyword),
    likeText(faultCases.parts, keyword),
  );

const SORTS = { updatedAt: faultCases.updatedAt, title: faultCases.title, machineKind: faultCases.machineKind };

export const caseRoutes: RouteDef[] = [
  route(caseEndpoints.list, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const where = and(
      visibleCases(db, user),
      query.machineKind ? eq(faultCases.machineKind, query.machineKind) : undefined,
      query.faultType ? jsonHas(faultCases.faultTypes, query.faultType) : undefined,
      query.keyword ? textMatch(query.keyword) : undefined,
    );
    const total = db.select({ n: count() }).from(faultCases).where(where).get()!.n;
    const column = sortColumn(SORTS, query.sortField) ?? faultCases.updatedAt;
    const order = query.sortOrder === 'ascend' ? asc : desc;
    const rows = db
      .select()
      .from(faultCases)
      .where(where)
      .orderBy(order(column), desc(faultCases.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all();
    return { list: present(db, user, rows, timeZone), total, page: query.page, pageSize: query.pageSize };
  }),
  route(caseEndpoints.detail, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    return present(db, user, [findCase(db, user, query.id)], timeZone)[0]!;
  }),
  route(caseEndpoints.create, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const orgId = assertCreator(db, user);
    const row = db
      .insert(faultCases)
      .values({ ...body, orgId, authorId: user.id, updatedAt: new Date(deps.now()) })
      .returning({ id: faultCases.id })
      .get();
    return { id: row.id };
  }),
  route(caseEndpoints.update, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const { id, ...fields } = body;
    ownCase(db, user, id);
    db.update(faultCases)
      .set({ ...fields, updatedAt: new Date(deps.now()) })
      .where(eq(faultCases.id, id))
      .run();
    return { id };
  }),
  route(caseEndpoints.remove, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    ownCase(db, user, body.id);
    db.delete(faultCases).where(eq(faultCases.id, body.id)).run();
    return { id: body.id };
  }),
  route(caseEndpoints.match, ({ query, user, deps }) => {
    const { db } = deps.dbh;
    const narrowed =
      query.machineKind || query.faultTypes.length > 0
        ? or(
            query.machineKind ? eq(faultCases.machineKind, query.machineKind) : undefined,
            ...query.faultTypes.map((type) => jsonHas(faultCases.faultTypes, type)),
          )
        : undefined;
    // A library is hundreds of cases per company; the candidates are scored in memory.
    const candidates = db
      .select()
      .from(faultCases)
      .where(and(visibleCases(db, user), narrowed))
      .orderBy(desc(faultCases.updatedAt))
      .limit(2000)
      .all();
    return { list: rankCases(candidates, query).slice(0, query.limit) };
  }),
];
