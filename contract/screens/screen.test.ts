import { describe, expect, it } from 'vitest';
import { allMenuEntries, allScreens } from './all.ts';
import { deviceDetailScreens } from './device-detail.ts';
import { authScreens } from './auth.ts';
import { deviceScreens } from './devices.ts';
import { MENU_GROUPS } from './menu-groups.ts';
import { href, MENU_ICONS } from './screen.ts';
import { settingScreens } from './settings.ts';
import { workOrderScreens } from './work-orders.ts';

describe('href', () => {
  it('builds a screen link with its query, in the order given, leaving out empty values', () => {
    expect(href(deviceDetailScreens.detail, { id: 7 })).toBe('/deviceManagement/detail?id=7');
    expect(href(deviceScreens.list)).toBe('/deviceManagement');
    expect(href(deviceScreens.list, { kind: undefined, status: null, fenceId: 3 })).toBe('/deviceManagement?fenceId=3');
    expect(href(workOrderScreens.list, { assigneeId: 4, open: 0 })).toBe('/warning/ticket?assigneeId=4&open=0');
    expect(href(settingScreens.settings, { active: 'second' })).toBe('/setUp?active=second');
  });

  it('percent-encodes values as encodeURIComponent does', () => {
    expect(href(authScreens.login, { redirect: '/warning/all?page=2&x=a b' })).toBe(
      '/login?redirect=%2Fwarning%2Fall%3Fpage%3D2%26x%3Da%20b',
    );
  });

  it('checks the query against the declaration at compile time', () => {
    // @ts-expect-error a detail needs its id
    href(deviceDetailScreens.detail);
    // @ts-expect-error the list declares no such parameter
    href(deviceScreens.list, { colour: 'red' });
    // @ts-expect-error the settings tabs are first, second and third
    href(settingScreens.settings, { active: 'fourth' });
    expect(allScreens.length).toBeGreaterThan(0);
  });
});

describe('menu declarations', () => {
  const entries = allMenuEntries();
  it('places every entry in a declared group with a known icon, and every group has entries', () => {
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry.group === 'top' || entry.group in MENU_GROUPS, entry.title).toBe(true);
      expect(MENU_ICONS, entry.title).toContain(entry.icon);
    }
    for (const id of Object.keys(MENU_GROUPS))
      expect(
        entries.some((e) => e.group === id),
        id,
      ).toBe(true);
  });
  it('gives siblings distinct orders, so the sidebar order is the declared one', () => {
    const keys = entries.map((e) => `${e.group}:${e.order}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('puts in the menu only screens that sit in the shell and need a sign-in', () => {
    const misplaced = entries.filter((e) => e.screen.public || e.screen.fullScreen).map((e) => e.title);
    expect(misplaced).toEqual([]);
  });
});
