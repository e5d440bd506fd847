import { and, desc, eq, inArray } from 'drizzle-orm';
import { nameInSql, orgBrand, orgBrands } from '../../lib/org-brand.ts';
import { maskIdNumber, maskName } from '@console/contract/codes/masks';
import {
  realNameNumberError,
  verificationEndpoints,
  type RealNameCompany,
  type MyRealName,
  type VerificationRow,
} from '@console/contract/http/approvals';
import { verifications } from '@console/db/schema/approvals';
import { organisations, users } from '@console/db/schema/accounts';
import { renters } from '@console/db/schema/lease';
import type { ScopedData, ScopedWrite } from '../../lib/data.ts';
import { conflict, invalidField, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { keywordIn } from '../../lib/search.ts';
import { formatInZone } from '../../lib/time.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { idsIn, madeWithin, presentDecision, undecided } from './shared.ts';

/**
 * Verification review (decision 047): real-name data a person submits and the enterprise data a rental company's
 * administrator submits in its settings, reviewed by the operator's staff. Names and ID numbers leave the server
 * masked (decision 043); the reviewer reads a person's whole data through /user/revealIdentity.do, recorded.
 * The outcome lands where it gates something: `users.real_name_verified`, `organisations.verify_status`, and the
 * renter's real-name state (decision 034) that automatic contract approval reads.
 */
type Verification = typeof verifications.$inferSelect;

const verificationRows = (data: ScopedData) =>
  data
    .select({
      v: verifications,
      orgName: nameInSql(organisations, data.lang),
      mobile: users.mobile,
      areaCode: users.areaCode,
      province: organisations.province,
    })
    .from(verifications, data.orgScope(verifications.orgId))
    .innerJoin(organisations, eq(organisations.id, verifications.orgId))
    .leftJoin(users, eq(users.id, verifications.submittedBy));
type Row = Awaited<ReturnType<ReturnType<typeof verificationRows>['all']>>[number];

async function present(deps: AppDeps, data: ScopedData, rows: Row[], timeZone: string): Promise<VerificationRow[]> {
  const decision = await presentDecision(
    data,
    rows.map((r) => r.v),
    timeZone,
  );
  const brandOf = await orgBrands(deps, data.unscoped('domainRule'));
  return rows.map(({ v, orgName, mobile, areaCode, province }) => ({
    id: v.id,
    kind: v.kind,
    uid: v.userId,
    mobile: mobile ?? '',
    areaCode: areaCode ?? '',
    taxRegime: brandOf(v.orgId).taxRegime,
    province,
    orgName,
    idType: v.idType,
    // A person's name is masked; a company's is public (it is on its licence and its contracts).
    name: v.kind === 'realName' ? maskName(v.name) : v.name,
    idNumber: maskIdNumber(v.idNumber),
    creditCode: v.creditCode,
    legalPerson: maskName(v.legalPerson),
    licenseImage: v.licenseImage,
    ...decision(v),
  }));
}

/**
 * The renter this identity is (decision 034: a renter is a customer organisation with its identity type and number):
 * its real-name state follows the review, which automatic contract approval reads.
 */
async function followRenter(
  tx: ScopedWrite,
  v: Pick<Verification, 'orgId' | 'idType' | 'idNumber' | 'creditCode' | 'kind'>,
  state: 'pending' | 'verified' | 'rejected',
) {
  const number = v.kind === 'enterprise' ? v.creditCode : v.idNumber;
  const type = v.kind === 'enterprise' ? 2 : v.idType;
  await tx
    .update(renters)
    .set({ realNameState: state })
    .where(and(eq(renters.orgId, v.orgId), eq(renters.identityType, type), eq(renters.idNumber, number)))
    .run();
}

/**
 * The company a person submits a real name from: its brand's tax regime and its region, which name a company's
 * registration number (realNameNumberError).
 */
async function companyOf(deps: AppDeps, data: ScopedData, orgId: number): Promise<RealNameCompany> {
  const db = data.unscoped('domainRule');
  const org = await db
    .select({ province: organisations.province })
    .from(organisations)
    .where(eq(organisations.id, orgId))
    .get();
  return { taxRegime: (await orgBrand(deps, db, orgId)).taxRegime, province: org?.province ?? '' };
}

/** A rental company's enterprise verification, submitted in its settings, joins the queue. */
export async function queueEnterpriseVerification(
  tx: ScopedWrite,
  user: SessionUser,
  body: { creditCode: string; legalPerson: string; licenseImage: string },
): Promise<void> {
  await tx
    .insert(verifications)
    .values({ kind: 'enterprise', orgId: user.orgId, name: user.orgName, submittedBy: user.id, ...body })
    .run();
}

async function pendingOf(tx: ScopedData, ids: number[]): Promise<Verification[]> {
  const rows = await tx
    .select()
    .from(verifications, tx.orgScope(verifications.orgId))
    .where(idsIn(verifications.id, ids))
    .all();
  return undecided(rows, ids);
}

export const verificationRoutes: RouteDef[] = [
  route(verificationEndpoints.list, async ({ query, data, timeZone, deps }) => {
    const where = and(
      query.state ? eq(verifications.state, query.state) : undefined,
      query.kind ? eq(verifications.kind, query.kind) : undefined,
      // Not the person's name or number: a search would tell what the mask hides.
      keywordIn(data.dialect, [users.mobile, organisations.name, verifications.creditCode], query.keyword),
      madeWithin(verifications.createdAt, query.days, deps.now()),
    );
    const { rows, ...paging } = await listPage(
      data,
      query,
      verificationRows(data).where(where),
      listOrder(query, { createdAt: verifications.createdAt }, verifications.id, [desc(verifications.id)]),
    );
    return { list: await present(deps, data, rows, timeZone), ...paging };
  }),

  route(verificationEndpoints.detail, async ({ query, data, timeZone, deps }) => {
    const row = await verificationRows(data).where(eq(verifications.id, query.id)).get();
    if (!row) throw notFound();
    return (await present(deps, data, [row], timeZone))[0]!;
  }),

  route(verificationEndpoints.approve, async ({ body, data, user, deps, setMessage }) => {
    const count = await data.write(async (tx) => {
      const rows = await pendingOf(tx, body.ids);
      for (const v of rows) {
        if (v.kind === 'realName' && v.userId !== null) {
          await tx
            .update(users)
            .set({ name: v.name, idType: v.idType, idNumber: v.idNumber, realNameVerified: true })
            .where(eq(users.id, v.userId))
            .run();
        } else {
          const { creditCode, legalPerson, licenseImage } = v;
          await tx
            .update(organisations)
            .set({ verifyStatus: 'approved', creditCode, legalPerson, licenseImage })
            .where(eq(organisations.id, v.orgId))
            .run();
        }
        await followRenter(tx, v, 'verified');
      }
      await tx
        .update(verifications)
        .set({ state: 'approved', decidedBy: user.id, decidedAt: new Date(deps.now()) })
        .where(
          inArray(
            verifications.id,
            rows.map((v) => v.id),
          ),
        )
        .run();
      return rows.length;
    });
    setMessage('approvals.approved', { count });
    return { count };
  }),

  route(verificationEndpoints.reject, async ({ body, data, user, deps, setMessage }) => {
    const count = await data.write(async (tx) => {
      const rows = await pendingOf(tx, body.ids);
      for (const v of rows) {
        if (v.kind === 'enterprise') {
          await tx.update(organisations).set({ verifyStatus: 'rejected' }).where(eq(organisations.id, v.orgId)).run();
        }
        await followRenter(tx, v, 'rejected');
      }
      await tx
        .update(verifications)
        .set({ state: 'rejected', reason: body.reason, decidedBy: user.id, decidedAt: new Date(deps.now()) })
        .where(
          inArray(
            verifications.id,
            rows.map((v) => v.id),
          ),
        )
        .run();
      return rows.length;
    });
    setMessage('approvals.rejected', { count });
    return { count };
  }),

  route(verificationEndpoints.submitRealName, async ({ body, user, data, deps, setMessage }) => {
    // A person's documents are of their own country, by their mobile's area code, whatever their brand; a company's
    // registration number is of its brand's tax regime, whoever's phone submits it (decision 064).
    const numberError = realNameNumberError(body, user.areaCode, await companyOf(deps, data, user.orgId));
    if (numberError) throw invalidField('idNumber', numberError);
    const id = await data.write(async (tx) => {
      const me = (await tx.select().from(users, tx.own(users.id)).get())!;
      const open = await tx
        .select({ id: verifications.id })
        .from(verifications, tx.own(verifications.userId))
        .where(eq(verifications.state, 'pending'))
        .get();
      if (me.realNameVerified || open) throw conflict('approvals.verificationLocked');
      // On the account at once (unverified), so the reviewer's recorded reveal shows what was submitted.
      await tx
        .update(users)
        .set({ name: body.name, idType: body.idType, idNumber: body.idNumber })
        .where(eq(users.id, user.id))
        .run();
      const values = {
        kind: 'realName' as const,
        orgId: user.orgId,
        userId: user.id,
        submittedBy: user.id,
        creditCode: '',
        ...body,
      };
      await followRenter(tx, values, 'pending');
      return (await tx.insert(verifications).values(values).returning({ id: verifications.id }).get()).id;
    });
    setMessage('approvals.submitted');
    return { id };
  }),

  route(verificationEndpoints.mine, async ({ data, timeZone, user, deps }): Promise<MyRealName> => {
    const me = await data.select().from(users, data.own(users.id)).get();
    if (!me) throw notFound();
    const company = await companyOf(deps, data, user.orgId);
    const last = await data
      .select()
      .from(verifications, data.own(verifications.userId))
      .where(eq(verifications.kind, 'realName'))
      .orderBy(desc(verifications.id))
      .get();
    const when = (d: Date | null | undefined) => (d ? formatInZone(d, timeZone) : '');
    // Verified is the account's own state, whichever submission (or none, as the seed makes them) led to it.
    if (me.realNameVerified || !last) {
      const verified = me.realNameVerified;
      return {
        state: verified ? 'approved' : 'none',
        idType: verified ? me.idType : null,
        name: verified ? maskName(me.name) : '',
        idNumber: verified ? maskIdNumber(me.idNumber) : '',
        reason: '',
        submittedAt: when(verified ? last?.createdAt : null),
        decidedAt: when(verified ? last?.decidedAt : null),
        company,
      };
    }
    return {
      state: last.state,
      idType: last.idType,
      name: maskName(last.name),
      idNumber: maskIdNumber(last.idNumber),
      reason: last.reason,
      submittedAt: when(last.createdAt),
      decidedAt: when(last.decidedAt),
      company,
    };
  }),
];
