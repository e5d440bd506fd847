import { inArray } from 'drizzle-orm';
import { API_STATUS } from '@console/contract/http/envelope';
import { COMMAND_ROLES } from '@console/contract/access/commands';
import { RISK_LOCKERS } from '@console/contract/access/risk';
import type { CommandType } from '@console/contract/mqtt/payloads';
import { devices } from '@console/db/schema/devices';
import type { AppDeps } from '../lib/deps.ts';
import { ApiError, invalidField, notFound } from '../lib/errors.ts';
import type { ScopedData } from '../lib/data.ts';
import type { SessionUser } from '../lib/session.ts';
import { requireCode } from '../lib/sms-codes.ts';
import { verifyRiskPassword } from '../risk/verify-password.ts';

declare const granted: unique symbol;

/**
 * Proof that a command passed the one rule below. The queue enqueues nothing without one, and only this file
 * makes them, so every way to a machine (the command API, lock tasks, sleep, the lock day settings) is held to
 * the same rule.
 */
export interface CommandGrant {
  readonly [granted]: true;
  readonly type: CommandType;
  readonly deviceIds: readonly number[];
  /** Who is answerable for it: the user, or null for the lock day settings. */
  readonly by: number | null;
}

const grant = (type: CommandType, deviceIds: readonly number[], by: number | null) =>
  ({ type, deviceIds: [...deviceIds], by }) as unknown as CommandGrant;

/** What a command asks of its issuer (decisions 010, 013, 016). */
export type Credential = 'password' | 'smsCode' | 'none';

/** Lock and unlock stop or restart a customer's work: administrators only, with their own password. */
export const credentialOf = (type: CommandType): Credential =>
  type === 'lock' || type === 'unlock' ? 'password' : type === 'sleep' ? 'smsCode' : 'none';

export const rolesFor = (type: CommandType): readonly number[] =>
  credentialOf(type) === 'password' ? RISK_LOCKERS : COMMAND_ROLES;

export interface CommandRequest {
  type: CommandType;
  deviceIds: readonly number[];
  /** The user's own sign-in password, entered again (lock, unlock). */
  password?: string | undefined;
  /** The text-message code of `deviceSleep/code.do` (sleep). */
  code?: string | undefined;
}

/**
 * The one rule for commanding machines: the role the command type needs, machines whose owner is one of the
 * user's organisations (the operator's staff: all), and the credential it needs, checked last so that a
 * refused request costs no password attempt. Throws the localised refusal; returns the grant to enqueue with.
 */
export async function authoriseCommand(
  data: ScopedData,
  deps: AppDeps,
  user: SessionUser,
  ip: string,
  request: CommandRequest,
): Promise<CommandGrant> {
  const { db } = deps.dbh;
  if (!rolesFor(request.type).includes(user.roleId)) {
    throw new ApiError(
      API_STATUS.forbidden,
      credentialOf(request.type) === 'password' ? 'command.lockersOnly' : 'error.forbidden',
    );
  }
  const ids = [...new Set(request.deviceIds)];
  const owners = await db.select({ orgId: devices.orgId }).from(devices).where(inArray(devices.id, ids)).all();
  if (owners.length !== ids.length) throw notFound();
  if (owners.some((d) => !data.sees(d.orgId))) throw new ApiError(API_STATUS.forbidden, 'error.forbidden');
  switch (credentialOf(request.type)) {
    case 'password':
      if (!request.password) throw invalidField('password', 'validation.passwordRequired');
      await verifyRiskPassword(deps, user, ip, request.password);
      break;
    case 'smsCode':
      if (!request.code) throw invalidField('code', 'validation.codeRequired');
      await requireCode(deps, user, 'sleep', request.code);
      break;
    case 'none':
      break;
  }
  return grant(request.type, ids, user.id);
}

/**
 * A lock task that runs later (a delay, a scheduled time) was authorised when it was created, by its creator's
 * password; a lock day setting was switched on by an administrator and locks only as decision 013 says.
 */
export function scheduledGrant(
  task: { kind: 'lock' | 'unlock'; createdBy: number | null },
  deviceIds: readonly number[],
): CommandGrant {
  return grant(task.kind, deviceIds, task.createdBy);
}

/** The queue's check that what it is asked to enqueue is what was granted. */
export function assertGranted(g: CommandGrant, type: CommandType, deviceIds: readonly number[]): void {
  const allowed = new Set(g.deviceIds);
  if (g.type !== type || deviceIds.some((id) => !allowed.has(id))) {
    throw new Error(`commands: a ${type} command was enqueued without a grant for it`);
  }
}
