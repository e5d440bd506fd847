import type { availabilityEndpoints } from '@console/contract/http/availability';
import type { QueryOf } from '@console/contract/http/endpoint';
import type { availabilityScreens } from '@console/contract/screens/availability';
import type { ScreenValues } from './screen-params.ts';

/*
 * What the availability calendar (docs/decisions/072-availability-calendar.md) reads for its address: one reading
 * for its page (features/availability) and for the read the page's entry asks early (first-reads.ts), so both send
 * the same query.
 */

type Address = ScreenValues<typeof availabilityScreens.availability>;
export type CalendarView = ReturnType<typeof calendarView>;

/** A month, or two: the span the calendar shows at once. */
export const SPANS = [31, 62] as const;

/** The first day of `day`'s month, moved by `months`. */
export function monthStart(day: string, months = 0): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** The span and tab shown: from the address's `from`, else the first of today's month; a month unless two. */
export function calendarView(address: Address, today: string) {
  return {
    from: address.from && /^\d{4}-\d{2}-\d{2}$/.test(address.from) ? address.from : monthStart(today),
    days: SPANS.includes(address.days as (typeof SPANS)[number]) ? address.days! : SPANS[0],
    tab: address.tab ?? 'machines',
  };
}

/** The machines' grid: the span, the filters and the page, 100 machines a page. */
export function machinesRead(address: Address, view: CalendarView): QueryOf<typeof availabilityEndpoints.calendar> {
  return {
    from: view.from,
    days: view.days,
    storeId: address.storeId,
    kind: address.kind as never,
    modelId: address.modelId,
    customerId: address.customerId,
    keyword: address.keyword,
    page: address.page ?? 1,
    pageSize: 100,
  };
}

/** The models' grid, of one store. */
export function modelsRead(
  address: Address,
  view: CalendarView,
  storeId: number,
): QueryOf<typeof availabilityEndpoints.models> {
  return { from: view.from, days: view.days, storeId, kind: address.kind as never, modelId: address.modelId };
}
