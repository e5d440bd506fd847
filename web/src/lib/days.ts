import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { userInfoQuery } from './shared-queries.ts';

/**
 * Calendar days (docs/decisions/026-demo-data.md): the server sends and takes a day as `YYYY-MM-DD`, a day of the
 * organisation's calendar. The console reads and writes it as it is, never through the browser's zone (`new
 * Date('2026-12-01')` is midnight UTC, the 30th in Los Angeles), and takes "today" from the organisation.
 */
export const DAY_FORMAT = 'YYYY-MM-DD';

/** A picker's value as the `YYYY-MM-DD` day it shows; none: ''. */
export const dayText = (value: Dayjs | null | undefined): string => (value ? value.format(DAY_FORMAT) : '');

/**
 * The signed-in user's organisation's today, as the server counts it; the browser's only until the user's details
 * (read by the shell on every page) have arrived.
 */
export function useOrgToday(): string {
  const info = useQuery(userInfoQuery());
  return info.data?.today ?? dayjs().format(DAY_FORMAT);
}
