import type { AvailabilityState, HoldRef } from '@console/contract/http/availability';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { quoteScreens } from '@console/contract/screens/quotes';
import { href } from '@console/contract/screens/screen';
import { upkeepScreens } from '@console/contract/screens/upkeep';
import { workOrderScreens } from '@console/contract/screens/work-orders';

/** Each state's cell colour and its text's (the legend shows the same). */
export const STATE_COLORS: Record<AvailabilityState, { background: string; color: string }> = {
  leased: { background: '#1677ff', color: '#fff' },
  reserved: { background: '#faad14', color: '#000' },
  service: { background: '#722ed1', color: '#fff' },
  locked: { background: '#ff4d4f', color: '#fff' },
  offline: { background: '#bfbfbf', color: '#000' },
  free: { background: '#f6ffed', color: '#389e0d' },
};

/** The page a hold's record is on: the contract, the quote, the work order, the upkeep plans, the machine. */
export function recordHref(ref: HoldRef, machine: { id: number; serialNumber: string }): string {
  switch (ref.kind) {
    case 'contract':
      return href(leaseContractScreens.contractDetail, { id: ref.id });
    case 'quote':
      return href(quoteScreens.quoteDetail, { id: ref.id });
    case 'workOrder':
      return href(workOrderScreens.detail, { id: ref.id });
    case 'upkeep':
      return href(upkeepScreens.list, { keyword: machine.serialNumber });
    case 'device':
      return href(deviceDetailScreens.detail, { id: machine.id });
  }
}

/** Calendar days `YYYY-MM-DD` (no zone: a day is a name). */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export function daysFrom(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

/** The day of the week of a day, 0 Sunday. */
export const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
