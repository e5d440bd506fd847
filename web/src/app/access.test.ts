import { describe, expect, it } from 'vitest';
import { accessRedirect, isDashboardPath, PUBLIC_PATHS } from './access.ts';
import { appRoutes } from './routes.ts';

const out = { signedIn: false, screenFlag: '' };
const signedIn = { signedIn: true, screenFlag: '' };

describe('access rules', () => {
  it('lets anyone open the public paths', () => {
    for (const path of PUBLIC_PATHS.filter((p) => p !== '/screen')) expect(accessRedirect(path, '', out)).toBeNull();
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

describe('route table', () => {
  it('flags as public exactly the routed paths of the spec list', () => {
    for (const route of appRoutes) {
      expect(route.isPublic ?? false, route.path).toBe((PUBLIC_PATHS as readonly string[]).includes(route.path));
    }
  });
  it('declares each path once, absolute, with a title key of its area', () => {
    const paths = appRoutes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of appRoutes) {
      expect(route.path.startsWith('/'), route.path).toBe(true);
      expect(route.title, route.path).toMatch(/^[a-z][\w-]*:[\w.]+$/);
    }
  });
});
