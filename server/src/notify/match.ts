import type { notificationRules } from '@console/db/schema/notifications';

export type RuleRow = typeof notificationRules.$inferSelect;

export interface Machine {
  id: number;
  kind: string;
  fenceId: number | null;
  customerOrgId: number | null;
}

/**
 * What a rule is asked about: an event, its level, and the machine it concerns (none for a contract's or a bill's);
 * an event of a contract or a bill names its machines on lease and its customer (the renter) instead.
 */
export interface EventFacts {
  event: string;
  level: number;
  machine: Machine | null;
  machines?: readonly Machine[];
  customerOrgId?: number | null;
}

/**
 * Whether a rule hears of an event: it names the event, the level is high enough, the machine (or one of the
 * machines, or the customer) is among its own.
 */
export function ruleMatches(rule: RuleRow, facts: EventFacts): boolean {
  if (!rule.enabled || !rule.events.includes(facts.event) || facts.level < rule.minLevel) return false;
  const machines = [...(facts.machine ? [facts.machine] : []), ...(facts.machines ?? [])];
  const any = (test: (m: Machine) => boolean) => machines.some(test);
  switch (rule.selector) {
    case 'all':
      return true;
    case 'kind':
      return any((m) => m.kind === rule.kind);
    case 'fence':
      return any((m) => m.fenceId !== null && m.fenceId === rule.fenceId);
    case 'customer':
      return (
        (facts.customerOrgId != null && facts.customerOrgId === rule.customerOrgId) ||
        any((m) => m.customerOrgId !== null && m.customerOrgId === rule.customerOrgId)
      );
    case 'list':
      return any((m) => rule.deviceIds.includes(m.id));
  }
}

/** Minutes since midnight of a wall time 'HH:MM'. */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes since midnight at `now` in `timeZone`. */
export function minuteOfDay(now: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, p) => ({ ...all, [p.type]: p.value }), {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/**
 * Whether `now` falls in the rule's quiet hours, read in the organisation's zone. Hours that pass midnight (22:00 to
 * 07:00) hold from the start until midnight and from midnight until the end.
 */
export function inQuietHours(rule: Pick<RuleRow, 'quietStart' | 'quietEnd'>, now: number, timeZone: string): boolean {
  if (!rule.quietStart || !rule.quietEnd) return false;
  const start = minutesOf(rule.quietStart);
  const end = minutesOf(rule.quietEnd);
  const at = minuteOfDay(now, timeZone);
  if (start === end) return false;
  return start < end ? at >= start && at < end : at >= start || at < end;
}

/** Urgent events (critical alarms) reach people in quiet hours too. */
export const URGENT_LEVEL = 3;
