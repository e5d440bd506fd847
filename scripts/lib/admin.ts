import { and, eq } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { knownAddresses, organisations, users } from '@console/db/schema/accounts';
import { createOrganisation, createUser, DEMO_PASSWORD } from '@console/db/seed/accounts';
import { ROLE } from '@console/contract/codes/roles';
import { isValidPhone, newPassword } from '@console/contract/http/fields';

export interface AdminInput {
  mobile: string;
  password: string;
  areaCode?: string;
  /** The operator organisation's name, used only when there is none yet. */
  org?: string;
  name?: string;
  /** Client addresses the administrator will sign in from (besides this machine). */
  ips?: string[];
}

export class AdminError extends Error {}

const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];
const COMMON_PASSWORDS = new Set([
  'password1',
  'password123',
  'passw0rd',
  'admin123',
  'admin1234',
  'admin12345',
  'qwerty123',
  'abc12345',
  'abcd1234',
  'a1234567',
  '12345678a',
  '1qaz2wsx',
  'demo@2026',
]);

/** Why a password is too weak for an administrator, or null. */
export function weakPasswordReason(password: string, mobile: string): string | null {
  if (!newPassword.safeParse(password).success) return 'use 8-64 characters with at least one letter and one digit';
  if (password === DEMO_PASSWORD || COMMON_PASSWORDS.has(password.toLowerCase())) return 'this password is too common';
  if (password.includes(mobile)) return 'the password must not contain the phone number';
  return null;
}

/**
 * The first company administrator (role 2) of a production installation, in the operator organisation
 * (created when there is none). Its sign-in addresses are recorded as known, because without an SMS
 * gateway nobody could receive the code that a sign-in from a new address asks for.
 */
export async function createAdmin(db: Db, input: AdminInput) {
  const mobile = input.mobile.trim();
  const areaCode = (input.areaCode ?? '86').trim();
  if (!isValidPhone(mobile, areaCode))
    throw new AdminError(`"${mobile}" is not a valid phone number for area code ${areaCode}`);
  const weak = weakPasswordReason(input.password, mobile);
  if (weak) throw new AdminError(`refused password: ${weak}`);
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, mobile), eq(users.areaCode, areaCode)))
    .get();
  if (taken) throw new AdminError(`${mobile} already has an account`);
  const ips = input.ips ?? [];
  const badIp = ips.find((ip) => !/^[0-9a-f.:]{2,45}$/i.test(ip));
  if (badIp) throw new AdminError(`"${badIp}" is not an IP address`);

  let operator = await db
    .select()
    .from(organisations)
    .where(eq(organisations.kind, 'operator'))
    .orderBy(organisations.id)
    .get();
  const orgCreated = !operator;
  operator ??= await createOrganisation(db, { name: input.org?.trim() || 'Operator', kind: 'operator' });
  const user = await createUser(db, {
    orgId: operator.id,
    mobile,
    areaCode,
    roleId: ROLE.companyAdmin,
    password: input.password,
    name: input.name?.trim() ?? '',
    nickname: input.name?.trim() ?? '',
  });
  for (const ip of [...LOOPBACK, ...ips])
    await db.insert(knownAddresses).values({ userId: user.id, ip }).onConflictDoNothing().run();
  return { userId: user.id, org: operator, orgCreated };
}
