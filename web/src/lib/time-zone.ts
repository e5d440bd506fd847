/*
 * The browser's time zone: every call to the API names it (spec section 7) and it picks the language a page starts
 * in. Reading it builds the page's first Intl.DateTimeFormat, 30-140 ms on a slow machine, and the page's first reads
 * could not leave before it. So the zone is remembered: a page starts with the remembered one at no cost, and reads
 * the real one once the console has drawn (checkTimeZone). A first visit has nothing remembered and reads it at once.
 */

/** Where the console and the sign-in pages keep the zone they last read. */
export const TIME_ZONE_KEY = 'timeZone';

/** The zone this page asks in; `checked` once it is the one read from the browser during this page's load. */
let zone: { name: string; checked: boolean } | undefined;

const readZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function startZone(): { name: string; checked: boolean } {
  const remembered = localStorage.getItem(TIME_ZONE_KEY);
  if (remembered) return { name: remembered, checked: false };
  const name = readZone();
  localStorage.setItem(TIME_ZONE_KEY, name);
  return { name, checked: true };
}

/** The zone this page asks in: the remembered one, else (a first visit) the browser's, read now. */
export function browserTimeZone(): string {
  zone ??= startZone();
  return zone.name;
}

/**
 * Reads the browser's zone if the page started with the remembered one, once, and remembers it. True when it differs
 * (the user has travelled): every answer was asked in the old zone and must be asked again.
 */
export function checkTimeZone(): boolean {
  const started = browserTimeZone();
  if (zone!.checked) return false;
  const name = readZone();
  zone = { name, checked: true };
  if (name === started) return false;
  localStorage.setItem(TIME_ZONE_KEY, name);
  return true;
}

/** The longest a check waits for an idle moment; without requestIdleCallback (Safari), how long it waits. */
const IDLE_WAIT_MS = 2000;

/**
 * Checks the zone when the page is next idle (after its first render, not competing with it); `onChanged` runs when
 * it differs. Returns the cancel.
 */
export function checkTimeZoneWhenIdle(onChanged: () => void): () => void {
  const check = () => {
    if (checkTimeZone()) onChanged();
  };
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(check, { timeout: IDLE_WAIT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(check, IDLE_WAIT_MS);
  return () => clearTimeout(id);
}
