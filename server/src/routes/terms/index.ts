/**
 * Contract terms and conditions (docs/decisions/078-contract-terms.md): a lessor's versions per language, read through
 * the organisation scope on their lessor; written by the lessor's administrator for its own lessor only. A published
 * version is never updated: edit and publish take a draft alone, checked again inside the unit of work.
 */
import { and, asc, desc, eq, max } from 'drizzle-orm';
import { termsVersions } from '@console/db/schema/terms';
import { ROLE } from '@console/contract/codes/roles';
import { API_STATUS } from '@console/contract/http/envelope';
import { termsEndpoints as api, termsLangOf, type TermsVersionRow } from '@console/contract/http/terms';
import type { ScopedData } from '../../lib/data.ts';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { userNames } from '../../lib/maintenance.ts';
import { visibleContract } from '../../lease/access.ts';
import { carriedTerms, contractsCarrying, type TermsVersion } from '../../terms/terms.ts';

/** The lessor's administrator writes its own lessor's terms (the operator's staff only read them). */
const writesFor = (user: SessionUser, orgId: number) =>
  user.orgKind === 'lessor' && user.roleId === ROLE.lessorAdmin && user.orgId === orgId;

const versionRows = (data: ScopedData) =>
  data
    .select({ v: termsVersions, contracts: contractsCarrying })
    .from(termsVersions, data.orgScope(termsVersions.orgId));

type Found = { v: TermsVersion; contracts: number };

async function present(data: ScopedData, rows: Found[], timeZone: string): Promise<TermsVersionRow[]> {
  const lessors = await orgNames(
    data,
    rows.map((r) => r.v.orgId),
  );
  const people = await userNames(
    data,
    rows.flatMap((r) => [r.v.createdBy, r.v.publishedBy]),
  );
  // The version in force per lessor and language: the highest published number.
  const inForce = new Map<string, number>();
  const all = await data
    .select({ orgId: termsVersions.orgId, lang: termsVersions.lang, version: max(termsVersions.version) })
    .from(termsVersions, data.orgScope(termsVersions.orgId))
    .where(eq(termsVersions.state, 'published'))
    .groupBy(termsVersions.orgId, termsVersions.lang)
    .all();
  for (const r of all) if (r.version !== null) inForce.set(`${r.orgId}|${r.lang}`, Number(r.version));
  return rows.map(({ v, contracts }) => ({
    id: v.id,
    orgId: v.orgId,
    lessorName: lessors.get(v.orgId) ?? '',
    lang: v.lang,
    version: v.version,
    state: v.state,
    title: v.title,
    current: v.version !== null && inForce.get(`${v.orgId}|${v.lang}`) === v.version,
    contracts: Number(contracts),
    createdBy: people.get(v.createdBy) ?? '',
    updatedAt: formatInZone(v.updatedAt, timeZone),
    publishedBy: v.publishedBy ? (people.get(v.publishedBy) ?? '') : '',
    publishedAt: v.publishedAt ? formatInZone(v.publishedAt, timeZone) : null,
  }));
}

/** A version the user sees, or "not found". */
async function seen(data: ScopedData, id: number): Promise<Found> {
  const row = await versionRows(data).where(eq(termsVersions.id, id)).get();
  if (!row) throw notFound();
  return row;
}

const notDraft = (v: TermsVersion) =>
  new ApiError(API_STATUS.conflict, 'terms.notDraft', { version: String(v.version ?? '') });

export const termsRoutes: RouteDef[] = [
  route(api.list, async ({ query, user, data, timeZone }) => {
    const rows = await versionRows(data)
      .where(query.lang ? eq(termsVersions.lang, query.lang) : undefined)
      .orderBy(
        asc(termsVersions.orgId),
        asc(termsVersions.lang),
        asc(termsVersions.state),
        desc(termsVersions.version),
        desc(termsVersions.id),
      )
      .all();
    return {
      list: await present(data, rows, timeZone),
      mayWrite: user.orgKind === 'lessor' && user.roleId === ROLE.lessorAdmin,
    };
  }),

  route(api.detail, async ({ query, user, data, timeZone }) => {
    const row = await seen(data, query.id);
    const [presented] = await present(data, [row], timeZone);
    const mayEdit = writesFor(user, row.v.orgId) && row.v.state === 'draft';
    return { ...presented!, body: row.v.body, mayEdit, mayPublish: mayEdit };
  }),

  route(api.create, async ({ body, user, data, deps, setMessage }) => {
    if (!writesFor(user, user.orgId)) throw forbidden();
    const now = new Date(deps.now());
    const made = await data.write((tx) =>
      tx
        .insert(termsVersions)
        .values({
          orgId: user.orgId,
          lang: body.lang,
          title: body.title,
          body: body.body,
          createdBy: user.id,
          updatedAt: now,
        })
        .returning({ id: termsVersions.id })
        .get(),
    );
    setMessage('terms.created');
    return { id: made.id };
  }),

  route(api.edit, async ({ body, user, data, deps, setMessage }) => {
    await data.write(async (tx) => {
      const { v } = await seen(tx, body.id);
      if (!writesFor(user, v.orgId)) throw forbidden();
      if (v.state !== 'draft') throw notDraft(v);
      await tx
        .update(termsVersions)
        .set({ title: body.title, body: body.body, updatedAt: new Date(deps.now()) })
        .where(and(eq(termsVersions.id, v.id), eq(termsVersions.state, 'draft')))
        .run();
    });
    setMessage('terms.saved');
    return { id: body.id };
  }),

  route(api.publish, async ({ body, user, data, deps, setMessage }) => {
    const version = await data.write(async (tx) => {
      const { v } = await seen(tx, body.id);
      if (!writesFor(user, v.orgId)) throw forbidden();
      if (v.state !== 'draft') throw notDraft(v);
      const last = await tx
        .select({ n: max(termsVersions.version) })
        .from(termsVersions, tx.orgScope(termsVersions.orgId))
        .where(and(eq(termsVersions.orgId, v.orgId), eq(termsVersions.lang, v.lang)))
        .get();
      const next = Number(last?.n ?? 0) + 1;
      const now = new Date(deps.now());
      await tx
        .update(termsVersions)
        .set({ state: 'published', version: next, publishedBy: user.id, publishedAt: now, updatedAt: now })
        .where(and(eq(termsVersions.id, v.id), eq(termsVersions.state, 'draft')))
        .run();
      return next;
    });
    setMessage('terms.published', { version });
    return { id: body.id, version };
  }),

  route(api.contract, async ({ query, user, data, timeZone }) => {
    const c = await visibleContract(data.unscoped('domainRule'), user, query.contractId);
    const carried = await carriedTerms(data.unscoped('domainRule'), c);
    const v = carried.version;
    return {
      state: carried.state,
      versionId: v?.id ?? null,
      version: v?.version ?? null,
      lang: v?.lang ?? termsLangOf(c.lang),
      title: v?.title ?? '',
      body: v?.body ?? '',
      fixedAt: carried.fixedAt ? formatInZone(carried.fixedAt, timeZone) : null,
    };
  }),
];
