import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { accountTickets, organisations, sessions, users } from '@console/db/schema/accounts';
import { hashPassword, verifyPassword } from '@console/db/password';
import type { ScopedData, ScopedWrite } from '../lib/data.ts';
import { settingsEndpoints, type CompanyProfile, type Profile } from '@console/contract/http/settings';
import { CORPORATE_EDITORS } from '@console/contract/access/settings';
import { API_STATUS } from '@console/contract/http/envelope';
import { isValidPhone } from '@console/contract/http/fields';
import { companyIdIssue } from '@console/contract/codes/tax-regimes';
import { ApiError, conflict, forbidden, invalidField } from '../lib/errors.ts';
import { checkTaxRegime, nameIn, orgBrand, renamed, nameInSql } from '../lib/org-brand.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { hashToken, sessionsEnded, type SessionUser } from '../lib/session.ts';
import { requireCode, sendCode } from '../lib/sms-codes.ts';
import { requireUpload } from '../lib/uploads.ts';
import { queueEnterpriseVerification } from './approvals/index.ts';

/** How long the proof of the old number lasts between the two steps of a phone change. */
const TICKET_TTL_MS = 10 * 60 * 1000;

/** The signed-in person's own account, with their organisation's name. */
async function profileOf(data: ScopedData): Promise<Profile> {
  const row = (await data
    .select({ user: users, orgName: nameInSql(organisations, data.lang) })
    .from(users, data.own(users.id))
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .get())!;
  const { user } = row;
  return {
    uid: user.id,
    mobile: user.mobile,
    areaCode: user.areaCode,
    nickname: user.nickname,
    name: user.name,
    introduction: user.introduction,
    email: user.email,
    avatar: user.avatar,
    roleId: user.roleId,
    orgName: row.orgName,
  };
}

/** Every session of the user but the one making the request. */
async function endOtherSessions(tx: ScopedWrite, user: SessionUser): Promise<void> {
  await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, user.id), ne(sessions.tokenHash, user.tokenHash)))
    .run();
  sessionsEnded();
}

async function phoneTaken(data: ScopedData, mobile: string, areaCode: string): Promise<boolean> {
  return !!(await data
    .unscoped('uniqueness')
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, mobile), eq(users.areaCode, areaCode)))
    .get());
}

/** The user's own rental company; corporate settings exist only for lessors. */
async function ownCompany(data: ScopedData, user: SessionUser) {
  if (user.orgKind !== 'lessor') throw forbidden();
  return (await data
    .select()
    .from(organisations, data.orgScope(organisations.id))
    .where(eq(organisations.id, user.orgId))
    .get())!;
}

async function companyOf(data: ScopedData, user: SessionUser): Promise<CompanyProfile> {
  const org = await ownCompany(data, user);
  return {
    orgId: org.id,
    canEdit: (CORPORATE_EDITORS as readonly number[]).includes(user.roleId),
    name: nameIn(org, data.lang),
    contactName: org.contactName,
    contactPhone: org.contactPhone,
    province: org.province,
    city: org.city,
    district: org.district,
    address: org.address,
    verification: {
      status: org.verifyStatus,
      creditCode: org.creditCode,
      legalPerson: org.legalPerson,
      licenseImage: org.licenseImage,
    },
    invoice: {
      type: org.invoiceType,
      // Stored as a fraction, shown and edited as a percentage.
      taxRate: Math.round(org.taxRate * 10000) / 100,
      title: org.invoiceTitle,
      taxNumber: org.taxNumber,
      bank: org.invoiceBank,
      account: org.invoiceAccount,
      address: org.invoiceAddress,
      phone: org.invoicePhone,
    },
    rental: { domestic: org.rentalDomestic, foreign: org.rentalForeign },
  };
}

async function updateCompany(
  data: ScopedData,
  user: SessionUser,
  patch: Partial<typeof organisations.$inferInsert>,
): Promise<CompanyProfile> {
  return data.write(async (tx) => {
    await ownCompany(tx, user);
    await tx
      .update(organisations)
      .set({ ...patch, ...(await renamed(tx, user.orgId, patch.name)) })
      .where(eq(organisations.id, user.orgId))
      .run();
    return companyOf(tx, user);
  });
}

export const settingsRoutes: RouteDef[] = [
  route(settingsEndpoints.profile, ({ data }) => profileOf(data)),

  route(settingsEndpoints.updateProfile, async ({ body, user, data, deps }) => {
    // Others see an avatar by its link, so it must be a public image; the current one may stay as it is.
    if (body.avatar !== user.avatar) {
      await requireUpload(deps, user, body.avatar, 'avatar', { kinds: ['image'], isPublic: true });
    }
    await data.write((tx) => tx.update(users).set(body).where(eq(users.id, user.id)).run());
    return profileOf(data);
  }),

  route(settingsEndpoints.sendCode, async ({ body, user, data, ip, deps, t, setMessage }) => {
    const own = { mobile: user.mobile, areaCode: user.areaCode };
    let phone = own;
    if (body.target === 'changePhoneNew') {
      phone = { mobile: body.mobile!, areaCode: body.areaCode };
      if (!isValidPhone(phone.mobile, phone.areaCode)) throw invalidField('mobile', 'validation.phone');
      if (phone.mobile === own.mobile && phone.areaCode === own.areaCode) {
        throw invalidField('mobile', 'settings.samePhone');
      }
      if (await phoneTaken(data, phone.mobile, phone.areaCode)) throw invalidField('mobile', 'auth.accountExists');
    }
    const purpose = body.target === 'changePassword' ? 'changePassword' : 'changePhone';
    const sent = await sendCode(deps, phone, purpose, ip, (code) => t('sms.code', { code }));
    setMessage('auth.codeSent');
    return sent;
  }),

  route(settingsEndpoints.changePassword, async ({ body, user, data, deps, setMessage }) => {
    // The code first: it is rate-limited, so the old password cannot be guessed without a phone.
    await requireCode(deps, user, 'changePassword', body.code);
    const row = (await data.select().from(users, data.own(users.id)).get())!;
    if (!(await verifyPassword(body.oldPassword, row.passwordHash))) {
      throw invalidField('oldPassword', 'settings.oldPasswordWrong');
    }
    const passwordHash = await hashPassword(body.password);
    await data.write(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id)).run();
      await endOtherSessions(tx, user);
    });
    setMessage('settings.passwordChanged');
    return null;
  }),

  route(settingsEndpoints.verifyOldPhone, async ({ body, user, data, deps }) => {
    await requireCode(deps, user, 'changePhone', body.code);
    const ticket = randomBytes(24).toString('base64url');
    await data.write((tx) =>
      tx
        .insert(accountTickets)
        .values({
          tokenHash: hashToken(ticket),
          userId: user.id,
          purpose: 'changePhone',
          expiresAt: new Date(deps.now() + TICKET_TTL_MS),
        })
        .run(),
    );
    return { ticket, expiresInSeconds: TICKET_TTL_MS / 1000 };
  }),

  route(settingsEndpoints.changePhone, async ({ body, user, data, deps, setMessage }) => {
    // The caller's own tickets: another person's answers as an expired one.
    const ticket = await data
      .select()
      .from(accountTickets, data.own(accountTickets.userId))
      .where(eq(accountTickets.tokenHash, hashToken(body.ticket)))
      .get();
    const valid =
      ticket &&
      ticket.userId === user.id &&
      ticket.purpose === 'changePhone' &&
      !ticket.usedAt &&
      ticket.expiresAt.getTime() > deps.now();
    if (!valid) throw new ApiError(API_STATUS.conflict, 'settings.ticketExpired');
    if (!isValidPhone(body.mobile, body.areaCode)) throw invalidField('mobile', 'validation.phone');
    if (body.mobile === user.mobile && body.areaCode === user.areaCode) {
      throw invalidField('mobile', 'settings.samePhone');
    }
    if (await phoneTaken(data, body.mobile, body.areaCode)) throw invalidField('mobile', 'auth.accountExists');
    await requireCode(deps, body, 'changePhone', body.code);
    await data.write(async (tx) => {
      await tx.update(users).set({ mobile: body.mobile, areaCode: body.areaCode }).where(eq(users.id, user.id)).run();
      await tx
        .update(accountTickets)
        .set({ usedAt: new Date(deps.now()) })
        .where(eq(accountTickets.tokenHash, ticket.tokenHash))
        .run();
      // The account's name changed: sessions elsewhere sign in again with the new number.
      await endOtherSessions(tx, user);
    });
    setMessage('settings.phoneChanged');
    return profileOf(data);
  }),

  route(settingsEndpoints.companyProfile, ({ user, data }) => companyOf(data, user)),

  route(settingsEndpoints.updateCompanyDetails, ({ body, user, data }) => updateCompany(data, user, body)),

  route(settingsEndpoints.submitVerification, async ({ body, user, data, deps, setMessage }) => {
    const org = await ownCompany(data, user);
    if (org.verifyStatus === 'pending' || org.verifyStatus === 'approved') {
      throw conflict('settings.verificationLocked');
    }
    // The registration number of the company's country: a credit code in China, an ABN in Australia (decision 064).
    const idIssue = companyIdIssue(
      (await orgBrand(deps, data.unscoped('domainRule'), user.orgId)).taxRegime,
      body.creditCode,
    );
    if (idIssue) throw invalidField('creditCode', idIssue);
    await requireUpload(deps, user, body.licenseImage, 'licenseImage', { kinds: ['image'] });
    setMessage('settings.verificationSubmitted');
    // It joins the operator's review queue (decision 047) in the same unit of work.
    return data.write(async (tx) => {
      await queueEnterpriseVerification(tx, user, body);
      return updateCompany(tx, user, { ...body, verifyStatus: 'pending' });
    });
  }),

  route(settingsEndpoints.updateInvoice, async ({ body, user, data, deps }) =>
    updateCompany(data, user, {
      invoiceType: body.type,
      taxRate: body.taxRate / 100,
      invoiceTitle: body.title,
      taxNumber: await checkTaxRegime(deps, data.unscoped('domainRule'), user.orgId, body),
      invoiceBank: body.bank,
      invoiceAccount: body.account,
      invoiceAddress: body.address,
      invoicePhone: body.phone,
    }),
  ),

  route(settingsEndpoints.setRentalPermission, async ({ body, user, data }) => {
    const org = await ownCompany(data, user);
    const column = body.kind === 'domestic' ? 'rentalDomestic' : 'rentalForeign';
    // Spec section 4: once enabled a rental permission cannot be closed.
    if (!body.enabled && org[column]) throw conflict('settings.rentalPermissionLocked');
    return body.enabled ? await updateCompany(data, user, { [column]: true }) : await companyOf(data, user);
  }),
];
