import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import type { CommandType } from '@console/contract/mqtt/payloads';
import { commands } from '@console/db/schema/devices';
import { riskTasks } from '@console/db/schema/risk';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { allRoutes } from '@console/server/src/routes/all';
import { onTheWire, sampleInput } from '../../fixtures/contract-inputs.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { withoutLockTasks } from '../risk/helpers.ts';
import { orgOf, ownedMachine } from '../commands/helpers.ts';

/**
 * Every way to a machine command, found by walking every endpoint of the server (allRoutes): each is called by
 * the roles that command machines, aimed at a machine of their own, as a lock, an unlock or a sleep, without
 * the credential those need (the sign-in password, the text-message code), and by the roles that never lock
 * with the right password. Nothing may reach the queue or wait in a lock task; what may be commanded without a
 * credential (a wake, parameters) still reaches it, so the walk is known to find the paths.
 */
const GUARDED: readonly CommandType[] = ['lock', 'unlock', 'sleep'];
const COMMANDERS = [ROLE.companyEmployee, ROLE.companyAdmin, ROLE.lessorAdmin, ROLE.lessorStaff] as const;
/**
 * A walk asks every endpoint (about 1,200 requests a role): 4-6 s on a quiet machine of two cores, five times that
 * with the machine loaded, as the isolation matrix's walks (which take 300 s).
 */
const WALK_MS = 120_000;

describe('every path to a machine command applies the one rule', () => {
  let t: TestApp;
  let enqueued: CommandType[];
  beforeEach(async () => {
    t = await createTestApp();
    // Only what the walk queues is counted: the seed's lock tasks and commands go.
    await withoutLockTasks(t.dbh);
    enqueued = [];
    const enqueue = t.deps.commands.enqueue.bind(t.deps.commands);
    t.deps.commands.enqueue = (input, grant) => {
      enqueued.push(input.type);
      return enqueue(input, grant);
    };
  });
  afterEach(() => t.dbh.close());

  const guardedRows = () =>
    t.dbh.db
      .select()
      .from(commands)
      .where(inArray(commands.type, [...GUARDED]))
      .all();
  /** A machine of the rental company of roles 5 and 10 (the operator's staff command every company's). */
  const machineOf = async () => ownedMachine(t.dbh, await orgOf(t.dbh, ROLE.lessorAdmin), true);
  const taskCount = async () => (await t.dbh.db.select().from(riskTasks).all()).length;

  /** Ask every endpoint to command `deviceId` as `type`, with `credential` in place of any password or code. */
  async function walk(roleId: RoleId, deviceId: number, type: CommandType, credential: 'none' | 'password') {
    const prefer = {
      deviceId,
      deviceIds: [deviceId],
      id: deviceId,
      type,
      kind: type,
      level: type === 'lock' ? 'preLock1' : 1,
      taskType: 1,
      mode: 1,
      confirmOffline: true,
      delayHours: 0,
    };
    const answers: string[] = [];
    for (const { endpoint } of allRoutes) {
      if (typeof endpoint.access !== 'object' || !endpoint.access.roles.includes(roleId)) continue;
      const hints = { mobile: demoAccount(roleId), prefer };
      const body = sampleInput(endpoint, 'body', hints);
      const query = sampleInput(endpoint, 'query', hints);
      for (const input of [body, query]) {
        delete input.password;
        delete input.code;
        if (credential === 'password' && 'type' in input) input.password = DEMO_PASSWORD;
        if (credential === 'password' && 'kind' in input) input.password = DEMO_PASSWORD;
      }
      const answer = await t.send(endpoint, {
        token: await t.tokenFor(roleId),
        headers: { lang: 'en_US' },
        query: onTheWire(query, 'query') as Record<string, string>,
        body: endpoint.method === 'POST' ? JSON.stringify(onTheWire(body, 'body')) : undefined,
      });
      answers.push(`${endpoint.path}: ${answer.envelope?.status} ${answer.envelope?.message}`);
    }
    return answers;
  }

  // One role a test, so the walks of the four roles do not add up in one test.
  it.each(COMMANDERS)(
    'queues no lock, unlock or sleep without the password or the code, for role %i',
    async (roleId) => {
      const tasksBefore = await taskCount();
      const machine = await machineOf();
      for (const type of GUARDED) {
        const answers = await walk(roleId, machine.id, type, 'none');
        expect(
          enqueued.filter((c) => GUARDED.includes(c)),
          `role ${roleId} ${type}:\n${answers.join('\n')}`,
        ).toEqual([]);
      }
      expect(await guardedRows()).toEqual([]);
      expect(await taskCount()).toBe(tasksBefore);
    },
    WALK_MS,
  );

  it(
    'reaches the queue: a wake needs no credential and gets there',
    async () => {
      await walk(ROLE.lessorStaff, (await machineOf()).id, 'wake', 'none');
      expect(enqueued.length).toBeGreaterThan(0);
      expect(enqueued.every((type) => type === 'wake')).toBe(true);
    },
    WALK_MS,
  );

  it(
    'lets no one but the administrators lock or unlock, even with their own right password',
    async () => {
      const tasksBefore = await taskCount();
      for (const roleId of [ROLE.companyEmployee, ROLE.lessorStaff] as const) {
        const machine = await machineOf();
        for (const type of ['lock', 'unlock'] as const) await walk(roleId, machine.id, type, 'password');
      }
      expect(enqueued.filter((c) => c === 'lock' || c === 'unlock')).toEqual([]);
      expect(await guardedRows()).toEqual([]);
      expect(await taskCount()).toBe(tasksBefore);
      // An administrator with the password does lock, through the command API and the lock task dialog alike.
      const mine = await machineOf();
      await walk(ROLE.lessorAdmin, mine.id, 'lock', 'password');
      expect(enqueued.filter((c) => c === 'lock').length).toBeGreaterThanOrEqual(2);
      const locks = await t.dbh.db.select().from(commands).where(eq(commands.deviceId, mine.id)).all();
      expect(locks.filter((c) => c.type === 'lock').length).toBeGreaterThanOrEqual(2);
      // Both are lock tasks, whichever page issued them.
      expect(await taskCount()).toBe(tasksBefore + 2);
    },
    WALK_MS,
  );
});
