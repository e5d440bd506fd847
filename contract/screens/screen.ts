import type { RoleId } from '../codes/roles.ts';
import type menuTitles from '../locales/zh-CN/menus.json';

/**
 * One screen of the console, declared once by its area in `contract/screens/<area>.ts`. The console's router,
 * breadcrumb, page title and access rules, and the server's menu tree per role, all read these declarations;
 * links are built from them by `href`. Data only: the console maps each screen to its page in its feature.
 */
export interface Screen {
  /** Absolute path, e.g. `/employeeManagement/all`. */
  readonly path: string;
  /** i18n key of the page title in the console's catalogs, `<namespace>:<key>` (e.g. `employees:title`). */
  readonly title: string;
  /** The query parameters the screen reads, with their types (see `QueryOf`). */
  readonly query?: QueryDecl;
  /** Reachable without signing in (spec section 2's list). */
  readonly public?: true;
  /** Also needs the dashboard-login marker `yes` (spec: /screen); without it the visitor goes to that sign-in. */
  readonly needsScreenFlag?: true;
  /** A dashboard or big screen: the alarm bell is hidden there. */
  readonly dashboard?: true;
  /** Full screen, outside the shell (no sidebar or top bar), e.g. /login. */
  readonly fullScreen?: true;
  /** Skipped by the breadcrumb. */
  readonly hidden?: true;
  /** Route role tags of the spec: `screen` for /screen, `bigScreen` for the big screens. */
  readonly tag?: 'screen' | 'bigScreen';
  /** Kept mounted when the user navigates away and back (spec: "kept alive"). */
  readonly keepAlive?: true;
  /**
   * The key, among its area's screens, of the screen the breadcrumb shows before this one when that is not the
   * path's own parent level (a detail under its list: `/warning/ticketDetail` after `/warning/ticket`).
   */
  readonly parent?: string;
  /** The title while the screen has no `id` in its query (an editor creating a record: "New fence"). */
  readonly createTitle?: string;
}

/**
 * A query parameter's type: `id` a required positive integer (a detail's record), `number` and `string`
 * optional, a list of words an optional choice among them.
 */
export type ParamType = 'id' | 'number' | 'string' | readonly string[];
export type QueryDecl = Readonly<Record<string, ParamType>>;

type ValueOf<T extends ParamType> = T extends 'id' | 'number' ? number : T extends readonly (infer U)[] ? U : string;
type RequiredKeys<Q extends QueryDecl> = { [K in keyof Q]: Q[K] extends 'id' ? K : never }[keyof Q];

/** The query a link to a screen may carry: its declared parameters, typed; `id` parameters required. */
export type QueryOf<S extends Screen> = S['query'] extends QueryDecl
  ? { [K in RequiredKeys<S['query']>]: number } & {
      [K in Exclude<keyof S['query'], RequiredKeys<S['query']>>]?: ValueOf<S['query'][K]> | null;
    }
  : Record<never, never>;

type QueryArgs<S extends Screen> = S['query'] extends QueryDecl
  ? [RequiredKeys<S['query']>] extends [never]
    ? [query?: QueryOf<S>]
    : [query: QueryOf<S>]
  : [];

/**
 * The link to a screen with its query, e.g. `href(deviceScreens.detail, { id: 7 })` gives
 * `/deviceManagement/detail?id=7`. Empty values are left out; parameters keep the order given.
 */
export function href<S extends Screen>(screen: S, ...[query]: QueryArgs<S>): string {
  return linkTo(screen, query);
}

/** `href` for callers that hold screens as data (the menu's entries), with the query unchecked. */
export function linkTo(screen: Screen, query: object = {}): string {
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    // Percent-encoding as encodeURIComponent does (a space is %20, not the form encoding's +).
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `${screen.path}?${pairs.join('&')}` : screen.path;
}

/** An area's screens, checked against `Screen` while keeping each one's literal type (for `href`). */
export function defineScreens<const T extends Record<string, Screen>>(screens: T): T {
  return screens;
}

/** Sidebar titles: keys of the `menus` catalogs (contract/locales/<lang>/menus.json). */
export type MenuTitleKey = keyof typeof menuTitles;

/** The icon names the sidebar draws (kebab-case, as antd names them without the `Outlined` suffix). */
export const MENU_ICONS = [
  'account-book',
  'alert',
  'apartment',
  'appstore',
  'audit',
  'bank',
  'bug',
  'bar-chart',
  'car',
  'cluster',
  'container',
  'control',
  'dashboard',
  'database',
  'deployment-unit',
  'desktop',
  'dollar',
  'environment',
  'experiment',
  'file-text',
  'fund',
  'global',
  'home',
  'idcard',
  'line-chart',
  'lock',
  'partition',
  'profile',
  'safety',
  'schedule',
  'setting',
  'shop',
  'shopping',
  'solution',
  'team',
  'tool',
  'user',
  'video-camera',
  'wallet',
  'warning',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

/** Who sees an entry: the listed roles, or everyone signed in. */
export type MenuRoles = readonly RoleId[] | 'all';

/**
 * Where a screen sits in the sidebar: under a group of `MENU_GROUPS` (or at the top level), ordered by
 * `order` among its siblings, with a title, an icon and the roles that see it. A screen may sit twice (the
 * settings page once per tab, the work order list under two titles by role).
 */
export interface MenuEntry {
  screen: Screen;
  /** The query the entry opens the screen with (e.g. `/setUp?active=second`). */
  query?: Readonly<Record<string, string | number>>;
  group: MenuGroupId | 'top';
  order: number;
  title: MenuTitleKey;
  icon: MenuIcon;
  roles: MenuRoles;
  /** Roles of `roles` that do not see this entry (they see another entry of the same screen). */
  except?: readonly RoleId[];
}

/**
 * An area's sidebar entries, naming its screens by key. Plain data (no call, no property read), so the
 * console, which never reads the menu, leaves the entries and the role lists they name out of its bundle.
 */
export type AreaMenu<S extends Record<string, Screen>> = readonly (Omit<MenuEntry, 'screen'> & {
  screen: keyof S & string;
})[];

/** An area's entries with their screens. */
export function placeScreens<S extends Record<string, Screen>>(screens: S, menu: AreaMenu<S>): MenuEntry[] {
  return menu.map((entry) => ({ ...entry, screen: screens[entry.screen]! }));
}

/**
 * A group of the sidebar. A group is not a page: its url is only the key that opens it (a url written as a
 * path also names that level of the breadcrumb).
 */
export interface MenuGroup {
  url: string;
  order: number;
  title: MenuTitleKey;
  icon: MenuIcon;
  roles: MenuRoles;
}
export type MenuGroupId =
  | 'analysis'
  | 'devices'
  | 'lease'
  | 'finance'
  | 'products'
  | 'fences'
  | 'warning'
  | 'approvals'
  | 'risk'
  | 'monitor'
  | 'customers'
  | 'users'
  | 'employees'
  | 'system'
  | 'processes'
  | 'quality'
  | 'settings';
