import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accessRedirect, isDashboardPath, PUBLIC_PATHS } from './access.ts';
import { allScreens } from '@console/contract/screens/all';
import { appRoutes } from './routes.ts';

/** Spec section 2's paths that need no sign-in. */
const SPEC_PUBLIC_PATHS = [
  '/login',
  '/register',
  '/test/list',
  '/loginForDashboard',
  '/screen',
  '/reset',
  '/contract/export',
  '/dropAccount',
];
/** Public paths the project's decisions add: an invitation's page, opened from its text message (decision 048). */
const DECIDED_PUBLIC_PATHS = ['/invite'];

const out = { signedIn: false, screenFlag: '' };
const signedIn = { signedIn: true, screenFlag: '' };

describe('access rules', () => {
  it('lets anyone open the public paths', () => {
    const paths = PUBLIC_PATHS.filter((p) => p !== '/screen');
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(accessRedirect(path, '', out)).toBeNull();
  });
  it('sends a visitor who is not signed in to /login with the wanted path and query', () => {
    expect(accessRedirect('/dashboard', '', out)).toBe('/login?redirect=%2Fdashboard');
    expect(accessRedirect('/warning/all', '?page=2', out)).toBe('/login?redirect=%2Fwarning%2Fall%3Fpage%3D2');
    expect(accessRedirect('/404', '', out)).toBe('/login?redirect=%2F404');
  });
  it('sends a signed-in user who opens /login to /, or back to a safe redirect', () => {
    expect(accessRedirect('/login', '', signedIn)).toBe('/');
    expect(accessRedirect('/login', '?redirect=%2FemployeeManagement%2Fall', signedIn)).toBe('/employeeManagement/all');
    expect(accessRedirect('/login', '?redirect=https%3A%2F%2Fevil.example', signedIn)).toBe('/');
  });
  it('lets a signed-in user open any other path', () => {
    expect(accessRedirect('/dashboard', '', signedIn)).toBeNull();
    expect(accessRedirect('/register', '', signedIn)).toBeNull();
  });
  it('opens /screen only with the dashboard-login marker yes', () => {
    expect(accessRedirect('/screen', '', out)).toBe('/loginForDashboard');
    expect(accessRedirect('/screen', '', signedIn)).toBe('/loginForDashboard');
    expect(accessRedirect('/screen', '', { signedIn: true, screenFlag: 'yes' })).toBeNull();
  });
  it('hides the bell on the dashboard paths only', () => {
    expect(isDashboardPath('/dashboard')).toBe(true);
    expect(isDashboardPath('/jdBigScreen')).toBe(true);
    expect(isDashboardPath('/warning/all')).toBe(false);
  });
});

describe('screen declarations', () => {
  it('declares public exactly the paths of the spec list and of the decisions', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual([...SPEC_PUBLIC_PATHS, ...DECIDED_PUBLIC_PATHS].sort());
  });
  it('declares each path once, absolute, with a title key of its area', () => {
    const paths = allScreens.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const screen of allScreens) {
      expect(screen.path.startsWith('/'), screen.path).toBe(true);
      expect(screen.title, screen.path).toMatch(/^[a-z][\w-]*:[\w.]+$/);
    }
  });
  it('titles every screen with a key both catalogs hold', () => {
    const text = (lang: string, key: string) => {
      const [ns, path] = key.split(':') as [string, string];
      const file = join(import.meta.dirname, '../locales', lang, `${ns}.json`);
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalog);
    };
    const missing = allScreens.flatMap((s) =>
      ['zh-CN', 'en-US'].filter((lang) => typeof text(lang, s.title) !== 'string').map((lang) => `${lang} ${s.title}`),
    );
    expect(allScreens.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
  it('routes every public screen of the spec that is built, and the 404 page', () => {
    const routed = appRoutes.map((r) => r.screen.path);
    expect(routed).toEqual(expect.arrayContaining(['/404', '/login', '/screen', '/test/list', '/dashboard']));
  });
});
