import type { ComponentType } from 'react';
import type { Screen } from '@console/contract/screens/screen';

/** A page's code, loaded when the page is first opened. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * The pages of an area's screens (`contract/screens/<area>.ts`), written by the area in
 * `features/<area>/screens.ts`: every screen gets its page, or null while the spec's screen is not built
 * (the router then sends it to 404).
 */
export type ScreenPages<S extends Record<string, Screen>> = { readonly [K in keyof S]: PageLoader | null };

/** A routed screen: its declaration and its page. */
export interface AppRoute {
  screen: Screen;
  page: PageLoader;
}
