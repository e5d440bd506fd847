import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { nameInSql } from '../../lib/org-brand.ts';
import { organisations, users } from '@console/db/schema/accounts';
import { contracts } from '@console/db/schema/lease';
import { esignAccounts, esignTemplates, sealGrants, seals } from '@console/db/schema/lease-esign';
import { LESSOR_ROLES } from '@console/contract/codes/roles';
import { API_STATUS } from '@console/contract/http/envelope';
import { partyEndpoints } from '@console/contract/http/lease-parties';
import { FILE_URL_PREFIX } from '@console/contract/http/uploads';
import type { ScopedData } from '../../lib/data.ts';
import { ApiError, invalidField, notFound } from '../../lib/errors.ts';
import { userNames } from '../../lib/maintenance.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { requireUpload } from '../../lib/uploads.ts';
import { createEsignClient, esignSettings, EsignUnavailable } from '../../lease/esign-client.ts';
import { isManager, ownLessor, refused, countContracts } from './shared.ts';
import { mapInOrder } from '@console/db/in-order';

async function ownTemplate(data: ScopedData, user: SessionUser, id: number) {
  const row = await data
    .select()
    .from(esignTemplates, data.orgScope(esignTemplates.orgId))
    .where(eq(esignTemplates.id, id))
    .get();
  if (!row || row.orgId !== user.orgId) throw notFound();
  return row;
}

/** A template's pdf: an upload of the lessor of kind pdf (its url in the form, its name in the table). */
const uploadName = (url: string) => (url ? url.slice(FILE_URL_PREFIX.length) : null);

async function ownSeal(data: ScopedData, user: SessionUser, id: number) {
  const row = await data.select().from(seals, data.orgScope(seals.orgId)).where(eq(seals.id, id)).get();
  if (!row || row.orgId !== user.orgId) throw notFound();
  return row;
}

/** The people of the lessor who may sign for it (its administrator, staff and salespeople). */
function signers(data: ScopedData, lessorId: number) {
  return data
    .select({ id: users.id, name: users.name, nickname: users.nickname, mobile: users.mobile, roleId: users.roleId })
    .from(users, data.orgScope(users.orgId))
    .where(and(eq(users.orgId, lessorId), inArray(users.roleId, [...LESSOR_ROLES]), eq(users.disabled, false)))
    .orderBy(asc(users.id))
    .all();
}

function accountOf(data: ScopedData, kind: 'org' | 'user', ownerId: number) {
  // Standing at the provider is kept by owner; the owner was found through the scope first.
  return data
    .unscoped('alreadyScoped')
    .select()
    .from(esignAccounts)
    .where(and(eq(esignAccounts.kind, kind), eq(esignAccounts.ownerId, ownerId)))
    .get();
}

/** E-signature: templates, seals and their grants, the provider's authorisation. */
export const esignRoutes: RouteDef[] = [
  route(partyEndpoints.templateList, async ({ user, data, timeZone }) => {
    const rows = await data
      .select({
        template: esignTemplates,
        contractCount: sql<number>`(select count(*) from contracts where contracts.template_id = ${esignTemplates.id})`,
      })
      .from(esignTemplates, data.orgScope(esignTemplates.orgId))
      .orderBy(asc(esignTemplates.orgId), desc(esignTemplates.isDefault), asc(esignTemplates.id))
      .all();
    const lessors = await orgNames(
      data,
      rows.map((r) => r.template.orgId),
    );
    return {
      list: rows.map(({ template: t, contractCount }) => ({
        id: t.id,
        name: t.name,
        lang: t.lang,
        baseUpload: t.baseUpload ? `${FILE_URL_PREFIX}${t.baseUpload}` : '',
        fields: t.fields,
        isDefault: t.isDefault,
        contractCount,
        lessorName: lessors.get(t.orgId) ?? '',
        createdAt: formatInZone(t.createdAt, timeZone),
        editable: isManager(user) && t.orgId === user.orgId,
      })),
    };
  }),
  route(partyEndpoints.templateCreate, async ({ body, user, data, deps }) => {
    const lessorId = ownLessor(user, isManager);
    await requireUpload(deps, user, body.baseUpload, 'baseUpload', { kinds: ['pdf'] });
    return data.write(async (tx) => {
      if (body.isDefault) {
        await tx.update(esignTemplates).set({ isDefault: false }).where(eq(esignTemplates.orgId, lessorId)).run();
      }
      return tx
        .insert(esignTemplates)
        .values({ ...body, baseUpload: uploadName(body.baseUpload), orgId: lessorId })
        .returning({ id: esignTemplates.id })
        .get();
    });
  }),
  route(partyEndpoints.templateUpdate, async ({ body, user, data, deps }) => {
    const lessorId = ownLessor(user, isManager);
    const { id, ...fields } = body;
    await data.write(async (tx) => {
      const current = await ownTemplate(tx, user, id);
      // The pdf it already has stays valid; a new one must be an upload of the lessor.
      if (uploadName(fields.baseUpload) !== current.baseUpload) {
        await requireUpload(deps, user, fields.baseUpload, 'baseUpload', { kinds: ['pdf'] });
      }
      if (fields.isDefault) {
        await tx.update(esignTemplates).set({ isDefault: false }).where(eq(esignTemplates.orgId, lessorId)).run();
      }
      await tx
        .update(esignTemplates)
        .set({ ...fields, baseUpload: uploadName(fields.baseUpload) })
        .where(eq(esignTemplates.id, id))
        .run();
    });
    return { id };
  }),
  route(partyEndpoints.templateDelete, async ({ body, user, data }) => {
    ownLessor(user, isManager);
    await data.write(async (tx) => {
      await ownTemplate(tx, user, body.id);
      const n = await countContracts(tx, eq(contracts.templateId, body.id));
      if (n > 0) throw refused('lease.templateInUse', n);
      await tx.delete(esignTemplates).where(eq(esignTemplates.id, body.id)).run();
    });
    return { id: body.id };
  }),

  route(partyEndpoints.sealList, async ({ user, data, timeZone }) => {
    const rows = await data
      .select()
      .from(seals, data.orgScope(seals.orgId))
      .orderBy(asc(seals.orgId), asc(seals.id))
      .all();
    const grants =
      rows.length === 0
        ? []
        : await data
            .unscoped('alreadyScoped')
            .select()
            .from(sealGrants)
            .where(
              and(
                inArray(
                  sealGrants.sealId,
                  rows.map((s) => s.id),
                ),
                eq(sealGrants.state, 'active'),
              ),
            )
            .all();
    const names = await userNames(
      data,
      grants.map((g) => g.userId),
    );
    const lessors = await orgNames(
      data,
      rows.map((s) => s.orgId),
    );
    const people = user.orgKind === 'lessor' ? await signers(data, user.orgId) : [];
    return {
      list: rows.map((s) => ({
        id: s.id,
        name: s.name,
        kind: s.kind,
        sealText: s.sealText,
        lessorName: lessors.get(s.orgId) ?? '',
        grants: grants
          .filter((g) => g.sealId === s.id)
          .map((g) => ({
            id: g.id,
            userId: g.userId,
            userName: names.get(g.userId) ?? '',
            grantedAt: formatInZone(g.createdAt, timeZone),
          })),
        editable: isManager(user) && s.orgId === user.orgId,
      })),
      signers: await mapInOrder(people, async (p) => {
        const account = await accountOf(data, 'user', p.id);
        return {
          id: p.id,
          name: p.name || p.nickname,
          mobile: p.mobile,
          roleId: p.roleId,
          state: account?.state ?? 'none',
          checkedAt: account?.checkedAt ? formatInZone(account.checkedAt, timeZone) : '',
        };
      }),
    };
  }),
  route(partyEndpoints.sealCreate, ({ body, user, data }) => {
    const lessorId = ownLessor(user, isManager);
    return data.write((tx) =>
      tx
        .insert(seals)
        .values({ ...body, orgId: lessorId })
        .returning({ id: seals.id })
        .get(),
    );
  }),
  route(partyEndpoints.sealGrant, ({ body, user, data, deps }) => {
    const lessorId = ownLessor(user, isManager);
    return data.write(async (tx) => {
      await ownSeal(tx, user, body.sealId);
      if (!(await signers(tx, lessorId)).some((p) => p.id === body.userId))
        throw invalidField('userId', 'lease.managerInvalid');
      if ((await accountOf(tx, 'user', body.userId))?.state !== 'verified') {
        throw invalidField('userId', 'lease.employeeNotVerified');
      }
      const values = { state: 'active' as const, grantedBy: user.id, createdAt: new Date(deps.now()) };
      return tx
        .insert(sealGrants)
        .values({ sealId: body.sealId, userId: body.userId, ...values })
        .onConflictDoUpdate({ target: [sealGrants.sealId, sealGrants.userId], set: values })
        .returning({ id: sealGrants.id })
        .get();
    });
  }),
  route(partyEndpoints.sealRevoke, async ({ body, user, data }) => {
    ownLessor(user, isManager);
    await data.write(async (tx) => {
      const grant = await tx
        .select({ id: sealGrants.id })
        .from(sealGrants, tx.orgScope(seals.orgId))
        .innerJoin(seals, eq(seals.id, sealGrants.sealId))
        .where(and(eq(sealGrants.id, body.id), eq(seals.orgId, user.orgId)))
        .get();
      if (!grant) throw notFound();
      await tx.update(sealGrants).set({ state: 'revoked' }).where(eq(sealGrants.id, body.id)).run();
    });
    return { id: body.id };
  }),
  route(partyEndpoints.providerStatus, async ({ user, data, timeZone }) => {
    const orgs = await data
      .select({ id: organisations.id, name: nameInSql(organisations, data.lang) })
      .from(organisations, data.orgScope(organisations.id))
      .where(user.orgKind === 'lessor' ? eq(organisations.id, user.orgId) : eq(organisations.kind, 'lessor'))
      .orderBy(asc(organisations.id))
      .all();
    return {
      list: await mapInOrder(orgs, async (org) => {
        const account = await accountOf(data, 'org', org.id);
        return {
          orgId: org.id,
          orgName: org.name,
          state: account?.state ?? 'none',
          expiresOn: account?.expiresOn ?? null,
          checkedAt: account?.checkedAt ? formatInZone(account.checkedAt, timeZone) : '',
          providerAccountId: account?.providerAccountId ?? '',
        };
      }),
    };
  }),
  route(partyEndpoints.providerRefresh, async ({ body, user, data, deps }) => {
    const lessorId = ownLessor(user, isManager);
    let ownerId = lessorId;
    if (body.kind === 'user') {
      if (body.userId === null || !(await signers(data, lessorId)).some((p) => p.id === body.userId)) throw notFound();
      ownerId = body.userId;
    }
    let view;
    try {
      view = await createEsignClient(esignSettings(deps.env), deps.now).account(body.kind, String(ownerId));
    } catch (error) {
      // Refused for now, not a failure of this server (a '500' would be one): the last answer stays; try later.
      if (error instanceof EsignUnavailable) throw new ApiError(API_STATUS.conflict, 'lease.signingUnavailable');
      throw error;
    }
    const values = {
      providerAccountId: view.accountId,
      state: view.state,
      expiresOn: view.expiresOn,
      checkedAt: new Date(deps.now()),
    };
    await data.write(async (tx) => {
      await tx
        .insert(esignAccounts)
        .values({ kind: body.kind, ownerId, ...values })
        .onConflictDoUpdate({ target: [esignAccounts.kind, esignAccounts.ownerId], set: values })
        .run();
    });
    return { state: view.state, expiresOn: view.expiresOn };
  }),
];
