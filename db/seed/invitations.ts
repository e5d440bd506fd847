import { createHash } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import { INVITATION_DAYS } from '@console/contract/codes/invitations';
import { ROLE } from '@console/contract/codes/roles';
import type { Db } from '../client.ts';
import { organisations, users } from '../schema/accounts.ts';
import { invitations, unbindings } from '../schema/people.ts';
import { BUSINESSES, say } from './business.ts';
import { createUser, type DemoOrganisations } from './accounts.ts';
import { auMobile, digitsOf, fixedCnMobile } from './identities.ts';

const DAY = 24 * 3600 * 1000;
/** Seeded codes open nothing a reader of the seed could guess: only their hashes are kept, of random-looking text. */
const hashOf = (text: string) => createHash('sha256').update(`demo-invitation-${text}`).digest('hex');

/**
 * Employee invitations and unbinding (decision 048), in each rental company's language: a pending invitation, an
 * expired one (sent more than INVITATION_DAYS ago), a revoked one, and one accepted by the company's staff member who
 * joined through it; the first company also has a former employee, unbound with their open work released, who keeps
 * their account as a registered user of their own. No faker: fixed mobiles spread from their order (identities.ts).
 */
export async function seedInvitations(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  let n = 0;
  const mobile = () => fixedCnMobile(`invitation-${++n}`);
  for (const [i, lessorId] of orgs.lessors.entries()) {
    const lang = BUSINESSES[i]!.lang;
    // The company abroad invites Australian mobiles (+61), as its own accounts are.
    const areaCode = lang === 'zh' ? '86' : '61';
    const number = () => (lang === 'zh' ? mobile() : auMobile(digitsOf(`invitation-${++n}`)));
    const admin = await db
      .select()
      .from(users)
      .where(and(eq(users.orgId, lessorId), eq(users.roleId, ROLE.lessorAdmin)))
      .orderBy(asc(users.id))
      .get();
    if (!admin) continue;
    const staff = await db
      .select()
      .from(users)
      .where(and(eq(users.orgId, lessorId), ne(users.roleId, ROLE.lessorAdmin)))
      .orderBy(asc(users.id))
      .get();
    const invite = async (fields: {
      name: string;
      roleId: number;
      mobile: string;
      areaCode?: string;
      sentDaysAgo: number;
      state?: 'pending' | 'accepted' | 'revoked';
      userId?: number;
      closedDaysAgo?: number;
    }) => {
      const sentAt = now - fields.sentDaysAgo * DAY;
      await db
        .insert(invitations)
        .values({
          orgId: lessorId,
          mobile: fields.mobile,
          areaCode: fields.areaCode ?? areaCode,
          name: fields.name,
          roleId: fields.roleId,
          codeHash: hashOf(`${lessorId}-${fields.mobile}-${sentAt}`),
          state: fields.state ?? 'pending',
          invitedBy: admin.id,
          sentAt: new Date(sentAt),
          expiresAt: new Date(sentAt + INVITATION_DAYS * DAY),
          userId: fields.userId,
          closedAt: fields.closedDaysAgo === undefined ? null : new Date(now - fields.closedDaysAgo * DAY),
        })
        .run();
    };
    await invite({
      name: say(lang, { zh: '钱伟', en: 'Oliver Grant' }),
      roleId: ROLE.technician,
      mobile: number(),
      sentDaysAgo: 1,
    });
    await invite({
      name: say(lang, { zh: '冯丽', en: 'Chloe Baker' }),
      roleId: ROLE.lessorSales,
      mobile: number(),
      sentDaysAgo: 12,
    });
    await invite({
      name: say(lang, { zh: '褚明', en: 'Ethan Reid' }),
      roleId: ROLE.lessorStaff,
      mobile: number(),
      sentDaysAgo: 3,
      state: 'revoked',
      closedDaysAgo: 2,
    });
    // The company's staff member joined by accepting one.
    if (staff) {
      await invite({
        name: staff.name || staff.mobile,
        roleId: staff.roleId,
        mobile: staff.mobile,
        areaCode: staff.areaCode,
        sentDaysAgo: 40,
        state: 'accepted',
        userId: staff.id,
        closedDaysAgo: 39,
      });
    }
  }

  // A former employee of the first company: unbound ten days ago, still a registered user of their own.
  const lessorId = orgs.lessors[0]!;
  const admin = await db
    .select()
    .from(users)
    .where(and(eq(users.orgId, lessorId), eq(users.roleId, ROLE.lessorAdmin)))
    .get();
  if (!admin) return;
  const name = '蒋涛';
  const formerMobile = mobile();
  const own = await db.insert(organisations).values({ name, kind: 'customer' }).returning().get();
  const former = await createUser(db, { orgId: own.id, mobile: formerMobile, roleId: ROLE.registeredUser, name });
  await db
    .insert(unbindings)
    .values({
      orgId: lessorId,
      userId: former.id,
      name,
      mobile: formerMobile,
      areaCode: '86',
      roleId: ROLE.technician,
      unboundBy: admin.id,
      released: { workOrder: 1, sealGrant: 0, contract: 0, lockTask: 0 },
      createdAt: new Date(now - 10 * DAY),
    })
    .run();
}
