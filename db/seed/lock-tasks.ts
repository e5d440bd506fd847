import { and, asc, eq, inArray } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import type { Db } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { commands, devices } from '../schema/devices.ts';
import { riskTaskItems, riskTasks } from '../schema/risk.ts';
import type { DemoOrganisations } from './accounts.ts';

const DAY = 24 * 3600 * 1000;

type CommandState = 'succeeded' | 'failed' | 'expired' | 'cancelled';

interface LockStory {
  kind: 'lock' | 'unlock';
  /** LOCK_LEVEL code and the protocol's name. */
  level: [number, 'unlocked' | 'preLock1' | 'lock1' | 'lock2'];
  /** LOCK_MODE code and the protocol's name. */
  mode: [number, 'unconditional' | 'onStop'];
  /** Days from now it was (or will be) due. */
  dueInDays: number;
  /** How its command ended; none while the task waits for its time. */
  command?: { state: CommandState; reason: '' | 'refused' | 'expired' | 'cancelled'; detail?: string };
  /** A machine that is offline now (a lock that never reached it). */
  offline?: boolean;
}

/**
 * Lock tasks in every state the list shows, none of which leaves a machine locked (the seeded fleet is unlocked
 * and the simulator reports it so): an unlock that succeeded, a lock the machine refused while it was moving,
 * one that expired while the machine was offline, one cancelled before it was sent, and one waiting for its day.
 */
const STORIES: LockStory[] = [
  {
    kind: 'unlock',
    level: [0, 'unlocked'],
    mode: [1, 'unconditional'],
    dueInDays: -6,
    command: { state: 'succeeded', reason: '' },
  },
  {
    kind: 'lock',
    level: [2, 'lock1'],
    mode: [2, 'onStop'],
    dueInDays: -4,
    command: { state: 'failed', reason: 'refused', detail: 'busy' },
  },
  {
    kind: 'lock',
    level: [1, 'preLock1'],
    mode: [1, 'unconditional'],
    dueInDays: -3,
    command: { state: 'expired', reason: 'expired' },
    offline: true,
  },
  {
    kind: 'lock',
    level: [4, 'lock2'],
    mode: [1, 'unconditional'],
    dueInDays: -2,
    command: { state: 'cancelled', reason: 'cancelled' },
  },
  { kind: 'lock', level: [2, 'lock1'], mode: [2, 'onStop'], dueInDays: 7 },
];

/** Every rental company's lock tasks and the commands they sent (decision 013). */
export async function seedLockTasks(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  let n = 0;
  for (const orgId of orgs.lessors) {
    const admin = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.orgId, orgId), eq(users.roleId, ROLE.lessorAdmin)))
      .get();
    // Mowers, boats and chargers, past the first of them: the console's own flows take aerial platforms and
    // forklifts, and the first machines of a kind.
    const machines = (
      await db
        .select({ id: devices.id, online: devices.online })
        .from(devices)
        .where(and(eq(devices.orgId, orgId), inArray(devices.kind, ['mower', 'boat', 'charger'])))
        .orderBy(asc(devices.id))
        .all()
    ).slice(2);
    const offline = machines.filter((m) => !m.online);
    const online = machines.filter((m) => m.online);
    for (const story of STORIES) {
      const machine = story.offline ? offline.shift() : online.shift();
      if (!machine) continue;
      const due = now + story.dueInDays * DAY;
      const fired = story.command ? due : null;
      const task = await db
        .insert(riskTasks)
        .values({
          orgId,
          kind: story.kind,
          taskType: story.command ? 1 : 2,
          level: story.level[0],
          mode: story.mode[0],
          dueAt: new Date(due),
          firedAt: fired === null ? null : new Date(fired),
          createdBy: admin?.id ?? null,
          createdAt: new Date(due - (story.command ? 0 : 2 * DAY)),
        })
        .returning({ id: riskTasks.id })
        .get();
      let commandId: string | null = null;
      if (story.command) {
        commandId = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
        const { state, reason, detail } = story.command;
        const reached = state === 'succeeded' || state === 'failed';
        await db
          .insert(commands)
          .values({
            id: commandId,
            deviceId: machine.id,
            orgId,
            type: story.kind,
            lockLevel: story.kind === 'lock' ? story.level[1] : null,
            lockMode: story.kind === 'lock' ? story.mode[1] : null,
            state,
            reason,
            detail: detail ?? '',
            reported: reached ? { lock: 'unlocked', sleeping: false } : null,
            attempts: state === 'cancelled' ? 0 : 1,
            createdBy: admin?.id ?? null,
            expiresAt: new Date(due + DAY),
            sentAt: state === 'cancelled' ? null : new Date(due + 1000),
            deliveredAt: reached ? new Date(due + 3000) : null,
            finishedAt: new Date(state === 'expired' ? due + DAY : due + (state === 'cancelled' ? 500 : 8000)),
            createdAt: new Date(due),
          })
          .run();
      }
      await db
        .insert(riskTaskItems)
        .values({
          taskId: task.id,
          deviceId: machine.id,
          commandId,
          outcome: story.command?.state === 'cancelled' ? 'cancelled' : null,
        })
        .run();
    }
  }
}
