import { and, desc, eq, inArray } from 'drizzle-orm';
import { organisations, sessions, users } from '@console/db/schema/accounts';
import { identityViews } from '@console/db/schema/people';
import { ADMIN_ROLES } from '@console/contract/codes/roles';
import { maskIdNumber, maskName } from '@console/contract/codes/masks';
import { API_STATUS } from '@console/contract/http/envelope';
import { isValidPhone } from '@console/contract/http/fields';
import { SUBLESSOR_ROLES, assignableRoles, userEndpoints } from '@console/contract/http/users';
import { IDENTITY_REVEALERS, INVOICE_EDITORS, ROLE_CHANGERS } from '@console/contract/access/users';
import type { ScopedData } from '../lib/data.ts';
import { ApiError, forbidden, invalidField, notFound } from '../lib/errors.ts';
import { listOrder, listPage } from '../lib/list-page.ts';
import { checkTaxRegime, nameInSql } from '../lib/org-brand.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { keywordIn } from '../lib/search.ts';
import { sessionsEnded, type SessionUser } from '../lib/session.ts';
import { requireCode, sendCode } from '../lib/sms-codes.ts';
import { formatInZone } from '../lib/time.ts';

/**
 * Every account a user sees (docs/decisions/043-people.md): the operator's staff every one, a rental company's office
 * its own people and its customers'. Real names and identity numbers leave the server masked (spec section 5); the
 * operator's reviewers ask for the whole of them, and each such answer is recorded in identity_views.
 */
const accountRows = (data: ScopedData) =>
  data
    .select({
      uid: users.id,
      mobile: users.mobile,
      areaCode: users.areaCode,
      nickname: users.nickname,
      name: users.name,
      roleId: users.roleId,
      idType: users.idType,
      idNumber: users.idNumber,
      realNameVerified: users.realNameVerified,
      disabled: users.disabled,
      createdAt: users.createdAt,
      orgName: nameInSql(organisations, data.lang),
      orgKind: organisations.kind,
      orgId: organisations.id,
    })
    .from(users, data.orgScope(users.orgId))
    .innerJoin(organisations, eq(organisations.id, users.orgId));
type Account = Awaited<ReturnType<ReturnType<typeof accountRows>['all']>>[number];

const isAdmin = (roleId: number) => (ADMIN_ROLES as readonly number[]).includes(roleId);

/** Not one's own account, and an administrator's only by an administrator. */
const mayDisable = (me: SessionUser, row: Account) => row.uid !== me.id && (!isAdmin(row.roleId) || isAdmin(me.roleId));

/** The roles the user may give this account: none for their own, none above their own (assignableRoles). */
const rolesFor = (me: SessionUser, row: Account) =>
  row.uid === me.id || !(ROLE_CHANGERS as readonly number[]).includes(me.roleId)
    ? []
    : assignableRoles(me.roleId, row.orgKind);

function present(me: SessionUser, row: Account, timeZone: string) {
  const { idNumber: _i, orgId: _o, createdAt, ...rest } = row;
  return {
    ...rest,
    name: maskName(row.name),
    createdAt: formatInZone(createdAt, timeZone),
    editable: mayDisable(me, row),
    roles: rolesFor(me, row),
  };
}

async function findAccount(data: ScopedData, uid: number): Promise<Account> {
  const row = await accountRows(data).where(eq(users.id, uid)).get();
  if (!row) throw notFound();
  return row;
}

type Org = typeof organisations.$inferSelect;

/**
 * The invoice information of an account's organisation may be changed by the operator's staff for any, and by a
 * rental company's administrator for its own company and the customers right below it (decision 048).
 */
const mayEditInvoice = (me: SessionUser, org: Org) =>
  (INVOICE_EDITORS as readonly number[]).includes(me.roleId) &&
  (me.orgKind === 'operator' || org.id === me.orgId || org.parentId === me.orgId);

async function orgOf(data: ScopedData, orgId: number): Promise<Org> {
  return (await data
    .select()
    .from(organisations, data.orgScope(organisations.id))
    .where(eq(organisations.id, orgId))
    .get())!;
}

async function detailOf(data: ScopedData, user: SessionUser, uid: number, timeZone: string) {
  const row = await findAccount(data, uid);
  const org = await orgOf(data, row.orgId);
  return {
    user: present(user, row, timeZone),
    idNumber: maskIdNumber(row.idNumber),
    canReveal: user.orgKind === 'operator' && (IDENTITY_REVEALERS as readonly number[]).includes(user.roleId),
    canEditInvoice: mayEditInvoice(user, org),
    invoice: {
      title: org.invoiceTitle,
      taxNumber: org.taxNumber,
      type: org.invoiceType,
      // Stored as a fraction, shown and edited as a percentage (as in the corporate settings).
      taxRate: Math.round(org.taxRate * 10000) / 100,
      address: org.invoiceAddress,
      phone: org.invoicePhone,
      bank: org.invoiceBank,
      account: org.invoiceAccount,
    },
  };
}

/** An account whose mobile the user may reset: one they may disable (not their own, an administrator's only by one). */
async function resettable(data: ScopedData, user: SessionUser, uid: number): Promise<Account> {
  const row = await findAccount(data, uid);
  if (!mayDisable(user, row)) throw forbidden();
  return row;
}

/** The new number: valid, and nobody's (the account's own current number is no change). */
async function assertFreePhone(data: ScopedData, phone: { mobile: string; areaCode: string }) {
  if (!isValidPhone(phone.mobile, phone.areaCode)) throw invalidField('mobile', 'validation.phone');
  const holder = await data
    .unscoped('uniqueness')
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, phone.mobile), eq(users.areaCode, phone.areaCode)))
    .get();
  if (holder) throw invalidField('mobile', 'auth.accountExists');
}

const yes = (flag: 'yes' | 'no' | undefined) => (flag === undefined ? undefined : flag === 'yes');

export const userRoutes: RouteDef[] = [
  route(userEndpoints.list, async ({ query, user, data, timeZone }) => {
    const verified = yes(query.verified);
    const disabled = yes(query.disabled);
    const where = and(
      // Not by real name: a search would tell a masked name.
      keywordIn(data.dialect, [users.mobile, users.nickname, organisations.name], query.keyword),
      query.roleId !== undefined ? eq(users.roleId, query.roleId) : undefined,
      query.orgKind ? eq(organisations.kind, query.orgKind) : undefined,
      verified !== undefined ? eq(users.realNameVerified, verified) : undefined,
      disabled !== undefined ? eq(users.disabled, disabled) : undefined,
    );
    const sorts = { createdAt: users.createdAt, mobile: users.mobile };
    const order = listOrder(query, sorts, users.id, [desc(users.createdAt), desc(users.id)]);
    const { rows, ...paging } = await listPage(data, query, accountRows(data).where(where), order);
    return { list: rows.map((r) => present(user, r, timeZone)), ...paging };
  }),
  route(userEndpoints.detail, ({ query, user, data, timeZone }) => detailOf(data, user, query.uid, timeZone)),
  route(userEndpoints.reveal, ({ body, user, data }) => {
    if (user.orgKind !== 'operator') throw forbidden();
    return data.write(async (tx) => {
      const row = await findAccount(tx, body.uid);
      await tx.insert(identityViews).values({ viewerId: user.id, subjectId: row.uid }).run();
      return { name: row.name, idNumber: row.idNumber };
    });
  }),
  route(userEndpoints.setDisabled, async ({ body, user, data }) => {
    const uids = [...new Set(body.uids)];
    if (uids.includes(user.id)) throw new ApiError(API_STATUS.forbidden, 'employees.self');
    // All or nothing: one account the user may not change refuses the whole batch.
    await data.write(async (tx) => {
      for (const uid of uids) if (!mayDisable(user, await findAccount(tx, uid))) throw forbidden();
      await tx.update(users).set({ disabled: body.disabled }).where(inArray(users.id, uids)).run();
      // Disabled: every session of theirs ends now, not at its expiry.
      if (body.disabled) await tx.delete(sessions).where(inArray(sessions.userId, uids)).run();
    });
    if (body.disabled) sessionsEnded();
    return { count: uids.length };
  }),
  route(userEndpoints.setRole, async ({ body, user, data, timeZone }) => {
    if (body.uid === user.id) throw new ApiError(API_STATUS.forbidden, 'employees.self');
    const row = await data.write(async (tx) => {
      const found = await findAccount(tx, body.uid);
      // A sub-lessor's account holds role 11 alone (decision 042), whoever asks: said as such, not as a rank.
      const sublessorRole = found.orgKind === 'sublessor' && !SUBLESSOR_ROLES.includes(body.roleId as never);
      if (sublessorRole) throw invalidField('roleId', 'employees.sublessorRoleOnly');
      if (!rolesFor(user, found).includes(body.roleId as never)) {
        throw new ApiError(API_STATUS.forbidden, 'employees.roleNotAllowed');
      }
      await tx.update(users).set({ roleId: body.roleId }).where(eq(users.id, body.uid)).run();
      return { ...found, roleId: body.roleId };
    });
    return present(user, row, timeZone);
  }),
  route(userEndpoints.updateInvoice, ({ body, user, data, timeZone, deps }) => {
    const { uid, ...invoice } = body;
    return data.write(async (tx) => {
      const org = await orgOf(tx, (await findAccount(tx, uid)).orgId);
      // Read but not writable: as elsewhere, a record one may not change is not found to a write.
      if (!mayEditInvoice(user, org)) throw notFound();
      const taxNumber = await checkTaxRegime(deps, tx.unscoped('domainRule'), org.id, invoice);
      await tx
        .update(organisations)
        .set({
          invoiceType: invoice.type,
          taxRate: invoice.taxRate / 100,
          invoiceTitle: invoice.title,
          taxNumber,
          invoiceBank: invoice.bank,
          invoiceAccount: invoice.account,
          invoiceAddress: invoice.address,
          invoicePhone: invoice.phone,
        })
        .where(eq(organisations.id, org.id))
        .run();
      return detailOf(tx, user, uid, timeZone);
    });
  }),
  route(userEndpoints.sendResetPhoneCode, async ({ body, user, data, deps, ip, t, setMessage }) => {
    await resettable(data, user, body.uid);
    await assertFreePhone(data, body);
    // The code goes to the new number: whoever holds it reads it to the operator, which proves the number.
    const sent = await sendCode(deps, body, 'changePhone', ip, (code) => t('sms.code', { code }));
    setMessage('auth.codeSent');
    return sent;
  }),
  route(userEndpoints.resetPhone, async ({ body, user, data, deps, timeZone, setMessage }) => {
    await resettable(data, user, body.uid);
    await assertFreePhone(data, body);
    await requireCode(deps, body, 'changePhone', body.code);
    const row = await data.write(async (tx) => {
      const found = await resettable(tx, user, body.uid);
      await assertFreePhone(tx, body);
      await tx.update(users).set({ mobile: body.mobile, areaCode: body.areaCode }).where(eq(users.id, found.uid)).run();
      // The account signs in with its new number from now on: every session ends.
      await tx.delete(sessions).where(eq(sessions.userId, found.uid)).run();
      return { ...found, mobile: body.mobile, areaCode: body.areaCode };
    });
    sessionsEnded();
    setMessage('settings.phoneChanged');
    return present(user, row, timeZone);
  }),
];
