import { describe, expect, it } from 'vitest';
import { routeLoads, type RoutePages } from './route-preloads.ts';

const load = () => () => Promise.resolve();
const routes: RoutePages = {
  shell: load(),
  texts: { en: load(), 'zh-cn': load() },
  pages: {
    '/devicemanagement': { load: load(), shell: true, public: false },
    '/bigscreen': { load: load(), shell: false, public: false },
    '/register': { load: load(), shell: false, public: true },
  },
};

describe('routeLoads', () => {
  it("starts a signed-in user's page with its shell and the texts of the language shown", () => {
    expect(routeLoads(routes, '/deviceManagement', 'en', true)).toEqual([
      routes.texts.en,
      routes.pages['/devicemanagement']!.load,
      routes.shell,
    ]);
    expect(routeLoads(routes, '/bigScreen/', 'zh-cn', true)).toEqual([
      routes.texts['zh-cn'],
      routes.pages['/bigscreen']!.load,
    ]);
  });

  it('gives a signed-out visitor only a public page, and an unknown address only the texts', () => {
    expect(routeLoads(routes, '/deviceManagement', 'en', false)).toEqual([routes.texts.en]);
    expect(routeLoads(routes, '/register', 'en', false)).toEqual([routes.texts.en, routes.pages['/register']!.load]);
    expect(routeLoads(routes, '/nowhere', 'en', true)).toEqual([routes.texts.en]);
  });
});
