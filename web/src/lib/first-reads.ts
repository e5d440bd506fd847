import { availabilityScreens } from '@console/contract/screens/availability';
import { dashboardScreens } from '@console/contract/screens/dashboard';
import { deviceScreens } from '@console/contract/screens/devices';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { warningScreens } from '@console/contract/screens/warning';
import { queryString } from './api-query.ts';
import { calendarView, machinesRead, modelsRead } from './availability-view.ts';
import { readScreenQuery } from './screen-params.ts';

/**
 * The read each of the most opened console pages draws first (its list, the home's figures), by address in lower
 * case: asked for by the page's entry beside the console's code (early-calls.ts), so the answer is there when the
 * page first renders instead of one round trip after it (decision 060). Each gives the GET path of the API with the
 * query the page sends on that address, as `callApi` writes it: the same text, or the page asks again itself. The
 * pages are named by their screens' declarations (a few lines each); the endpoints by path (their declarations carry
 * schemas the entry must not load), which first-reads.test.ts checks against the declarations.
 */
/**
 * What the console reads before its first render on every page: the brand (its colours and titles) and, signed in,
 * the user (the top bar's name, the menus). Paths, checked against the declarations as the pages' are.
 */
export const CONSOLE_READS = { brand: '/host/metadata.do', user: '/getUserInfo.do' } as const;

/** An address as the table below holds it: lower case, no trailing slash (the router matches in any case). */
const addressKey = (pathname: string) => pathname.replace(/\/+$/, '').toLowerCase() || '/';

const FIRST_READS: Record<string, (search: URLSearchParams) => string | null> = {
  [addressKey(dashboardScreens.home.path)]: () => '/dashboard/figures.do',
  // The list's view; the map view reads the fleet's positions instead.
  [addressKey(deviceScreens.list.path)]: (search) =>
    search.get('view') === 'map' ? null : listRead('/device/list.do', search),
  [addressKey(leaseContractScreens.contractMng.path)]: (search) => listRead('/contract/list.do', search),
  // The alarm centre's list is of one tab: the still-open alarms unless `state=ended`.
  [addressKey(warningScreens.centre.path)]: (search) =>
    listRead('/warning/list.do', search, { state: search.get('state') === 'ended' ? 'ended' : 'open' }),
  [addressKey(availabilityScreens.availability.path)]: availabilityRead,
};

/**
 * The availability calendar's grid as its page reads it for the address (availability-view.ts). Without a `from`, the
 * page opens on today's month: the browser's today until the user's details say the organisation's, the same month
 * but for the hours one zone has turned the month and the other not. The models' tab is of the store chosen, else
 * of the first one the filters' answer names: read early only when chosen.
 */
function availabilityRead(search: URLSearchParams): string | null {
  const address = readScreenQuery(availabilityScreens.availability, search);
  const view = calendarView(address, browserToday());
  if (view.tab === 'machines') return `/availability/calendar.do${queryString(machinesRead(address, view))}`;
  if (address.storeId === undefined) return null;
  return `/availability/models.do${queryString(modelsRead(address, view, address.storeId))}`;
}

/** The browser's calendar day, as the console's `useOrgToday` takes it before the user's details arrive. */
function browserToday(): string {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/**
 * A list's read as ListPage sends it (components/list-page.tsx): the page's fixed parameters, then the address's
 * query without its empty values (a fixed one given in the address takes the address's value in its place).
 */
function listRead(path: string, search: URLSearchParams, fixed: Record<string, string> = {}): string {
  const query: Record<string, string> = { ...fixed };
  search.forEach((value, key) => {
    if (value !== '') query[key] = value;
  });
  const text = new URLSearchParams(query).toString();
  return text ? `${path}?${text}` : path;
}

/** The read the page at this address draws first, if it is one of them. */
export function firstReads(pathname: string, search: string): string[] {
  const read = FIRST_READS[addressKey(pathname)];
  const path = read?.(new URLSearchParams(search));
  return path ? [path] : [];
}
