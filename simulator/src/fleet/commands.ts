import {
  CANCELLED_BY_SERVER,
  downMessage,
  type CommandMessage,
  type TelemetryMessage,
} from '@console/contract/mqtt/payloads';
import type { Machine } from './machine.ts';

type LockLevel = TelemetryMessage['lock'];

/** A lock the machine holds until it stops, or until its next position fix. */
export interface PendingCommand {
  command: CommandMessage;
  waitFor: 'stop' | 'position';
}

/** A telematics unit answers within a second or so, and a lock actuator takes a few seconds. */
const RECEIVE_MS: [number, number] = [300, 1200];
const ACT_MS: [number, number] = [1000, 4000];

function later(machine: Machine, [min, max]: [number, number], fn: () => void): void {
  machine.clock.after(machine.cmdRng.range(min, max), fn);
}

const stateOf = (m: Machine) => ({ lock: m.lock, sleeping: m.power === 'asleep' });

function done(m: Machine, command: CommandMessage, apply: () => void): void {
  apply();
  m.sendAck({ id: command.id, result: 'done', state: stateOf(m) });
}

/** The lock changes, the unit says so, and reports at once so the new state shows without waiting. */
function setLock(m: Machine, command: CommandMessage, level: LockLevel): void {
  done(m, command, () => (m.lock = level));
  m.report(true);
}

function refuse(m: Machine, id: string, reason: string): void {
  m.env.counters.refused++;
  m.sendAck({ id, result: 'refused', reason });
}

/** A command from the broker: validated, acknowledged as received, then carried out, held or refused. */
export function onCommand(m: Machine, payload: Buffer): void {
  m.env.counters.commands++;
  let raw: unknown;
  try {
    raw = JSON.parse(payload.toString('utf8'));
  } catch {
    return;
  }
  const parsed = downMessage.safeParse(raw);
  if (!parsed.success) {
    const id = (raw as { id?: unknown } | null)?.id;
    if (typeof id === 'string' && id.length > 0 && id.length <= 40) refuse(m, id, 'malformed command');
    return;
  }
  if (parsed.data.type === 'cancel') return rememberCancelled(m, parsed.data.id);
  const command = parsed.data;
  if (m.cancelled.has(command.id)) return refuse(m, command.id, CANCELLED_BY_SERVER);
  // The server stamps the expiry with its own clock, so it is read against the wall clock.
  if (command.expiresAt < m.clock.realNow()) {
    m.env.counters.expired++;
    return;
  }
  later(m, RECEIVE_MS, () => {
    // The notice came after the command, before the machine acted on it (the broker held both): refused.
    if (m.cancelled.has(command.id)) return refuse(m, command.id, CANCELLED_BY_SERVER);
    m.sendAck({ id: command.id, result: 'received' });
    carryOut(m, command);
  });
}

/** The unit remembers the latest cancelled ids, so a command re-sent after its cancel is refused too. */
const REMEMBERED_CANCELS = 100;

function rememberCancelled(m: Machine, id: string): void {
  m.cancelled.add(id);
  if (m.cancelled.size > REMEMBERED_CANCELS) m.cancelled.delete(m.cancelled.values().next().value!);
}

function carryOut(m: Machine, command: CommandMessage): void {
  switch (command.type) {
    case 'lock':
    case 'unlock': {
      const level: LockLevel | undefined = command.type === 'unlock' ? 'unlocked' : command.level;
      if (!level || (command.type === 'lock' && level === 'unlocked')) {
        return refuse(m, command.id, 'a lock needs a level other than unlocked');
      }
      if (m.conditions.silent) return refuse(m, command.id, 'machine controller not responding');
      supersede(m, command.id);
      const mode = command.type === 'lock' ? (command.mode ?? 'unconditional') : 'unconditional';
      if (mode === 'onStop' && m.motion.moving) return hold(m, command, 'stop');
      if (mode === 'onPosition') return hold(m, command, 'position');
      return later(m, ACT_MS, () => setLock(m, command, level));
    }
    case 'sleep':
      // Said before it goes: once asleep it can say nothing until it wakes.
      return later(m, ACT_MS, () => {
        m.sendAck({ id: command.id, result: 'done', state: { lock: m.lock, sleeping: true } });
        m.sleep();
      });
    case 'wake':
      return later(m, ACT_MS, () => done(m, command, () => m.wake()));
    case 'runMode': {
      const runMode = command.params?.runMode;
      if (!m.model.runModes || !runMode) return refuse(m, command.id, 'unsupported');
      return later(m, ACT_MS, () => done(m, command, () => (m.runMode = runMode)));
    }
    case 'pumpMode': {
      const pumpMode = command.params?.pumpMode;
      if (!m.model.pumpMode || !pumpMode) return refuse(m, command.id, 'unsupported');
      return later(m, ACT_MS, () => done(m, command, () => m.model.pumpMode!.set(pumpMode)));
    }
    case 'speed': {
      const drive = m.model.drive;
      const hz = command.params?.driveHz;
      if (!drive || hz === undefined) return refuse(m, command.id, 'unsupported');
      // The drive's own range: what the console allows may still be more than this machine's motor takes.
      if (hz < drive.minHz || hz > drive.maxHz) return refuse(m, command.id, 'speedOutOfRange');
      return later(m, ACT_MS, () => done(m, command, () => drive.set(hz)));
    }
    case 'restart':
      // The unit restarts its controller: not while the machine moves. It says so, then comes back on line.
      if (m.motion.moving) return refuse(m, command.id, 'busy');
      return later(m, ACT_MS, () => {
        m.sendAck({ id: command.id, result: 'done', state: stateOf(m) });
        m.restartUnit();
      });
    case 'params': {
      const { reportIntervalS, overspeedKmh } = command.params ?? {};
      if (reportIntervalS === undefined && overspeedKmh === undefined) {
        return refuse(m, command.id, 'no parameters to set');
      }
      return later(m, ACT_MS, () =>
        done(m, command, () => {
          if (overspeedKmh !== undefined) m.overspeedKmh = overspeedKmh;
          if (reportIntervalS !== undefined) {
            m.reportIntervalS = reportIntervalS;
            m.reschedule();
          }
        }),
      );
    }
  }
}

function hold(m: Machine, command: CommandMessage, waitFor: PendingCommand['waitFor']): void {
  m.pending.push({ command, waitFor });
  m.sendAck({ id: command.id, result: 'waiting' });
}

/** A newer lock or unlock replaces one still waiting. */
function supersede(m: Machine, id: string): void {
  for (const p of m.pending.splice(0)) refuse(m, p.command.id, `superseded by ${id}`);
}

/** After each step (has the machine stopped?) and each report with a position fix. */
export function checkWaiting(m: Machine, event: 'step' | 'position'): void {
  if (m.pending.length === 0) return;
  const real = m.clock.realNow();
  for (const p of [...m.pending]) {
    const expired = p.command.expiresAt < real;
    const ready = event === 'position' ? p.waitFor === 'position' : p.waitFor === 'stop' && !m.motion.moving;
    if (!expired && !ready) continue;
    m.pending.splice(m.pending.indexOf(p), 1);
    if (expired) {
      refuse(m, p.command.id, 'expired while waiting');
      continue;
    }
    const level = p.command.level!;
    later(m, ACT_MS, () => setLock(m, p.command, level));
  }
}
