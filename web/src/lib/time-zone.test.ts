import '../test/node-globals.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as timeZone from './time-zone.ts';

const { TIME_ZONE_KEY } = timeZone;
type TimeZoneModule = typeof timeZone;

let loads = 0;
/** The module as a fresh page load evaluates it: a query of its own gives a new instance, with nothing read yet. */
const loadPage = () =>
  import(
    /* @vite-ignore */ `${new URL('./time-zone.ts', import.meta.url).href}?load=${++loads}`
  ) as Promise<TimeZoneModule>;

/** The browser's zone, as Intl reports it; every read of it is counted. */
function browserIn(zone: string) {
  return vi
    .spyOn(Intl, 'DateTimeFormat')
    .mockImplementation(() => ({ resolvedOptions: () => ({ timeZone: zone }) }) as Intl.DateTimeFormat);
}

describe('the time zone every call names', () => {
  beforeEach(() => localStorage.removeItem(TIME_ZONE_KEY));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    localStorage.removeItem(TIME_ZONE_KEY);
  });

  it('starts with the remembered zone without reading the browser', async () => {
    localStorage.setItem(TIME_ZONE_KEY, 'Europe/Paris');
    const reads = browserIn('Asia/Tokyo');
    const page = await loadPage();
    expect(page.browserTimeZone()).toBe('Europe/Paris');
    expect(page.browserTimeZone()).toBe('Europe/Paris');
    expect(reads).not.toHaveBeenCalled();
  });

  it('after the first render, remembers a changed zone and says the answers must be asked again', async () => {
    localStorage.setItem(TIME_ZONE_KEY, 'Europe/Paris');
    const reads = browserIn('Asia/Tokyo');
    const page = await loadPage();
    page.browserTimeZone();
    expect(page.checkTimeZone()).toBe(true);
    expect(page.browserTimeZone()).toBe('Asia/Tokyo');
    expect(localStorage.getItem(TIME_ZONE_KEY)).toBe('Asia/Tokyo');
    // Once checked, the page does not read the browser again.
    expect(page.checkTimeZone()).toBe(false);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('asks nothing again when the remembered zone is still the browser’s', async () => {
    localStorage.setItem(TIME_ZONE_KEY, 'Asia/Tokyo');
    browserIn('Asia/Tokyo');
    const page = await loadPage();
    expect(page.browserTimeZone()).toBe('Asia/Tokyo');
    expect(page.checkTimeZone()).toBe(false);
  });

  it('checks when the page is idle and reports a change once', async () => {
    vi.useFakeTimers();
    localStorage.setItem(TIME_ZONE_KEY, 'Europe/Paris');
    const reads = browserIn('Asia/Tokyo');
    const page = await loadPage();
    const changed = vi.fn();
    page.checkTimeZoneWhenIdle(changed);
    expect(reads).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(changed).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(TIME_ZONE_KEY)).toBe('Asia/Tokyo');
  });

  it('on a first visit reads the zone at once and remembers it, with nothing to ask again', async () => {
    const reads = browserIn('Asia/Shanghai');
    const page = await loadPage();
    expect(page.browserTimeZone()).toBe('Asia/Shanghai');
    expect(localStorage.getItem(TIME_ZONE_KEY)).toBe('Asia/Shanghai');
    expect(page.checkTimeZone()).toBe(false);
    expect(reads).toHaveBeenCalledTimes(1);
    // The next visit starts with it.
    const next = await loadPage();
    expect(next.browserTimeZone()).toBe('Asia/Shanghai');
    expect(reads).toHaveBeenCalledTimes(1);
  });
});
