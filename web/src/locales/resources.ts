import type auth from './zh-CN/auth.json';
import type codes from './zh-CN/codes.json';
import type common from './zh-CN/common.json';
import type components from './zh-CN/components.json';
import type devices from './zh-CN/devices.json';
import type dashboard from './zh-CN/dashboard.json';
import type employees from './zh-CN/employees.json';
import type home from './zh-CN/home.json';
import type map from './zh-CN/map.json';
import type settings from './zh-CN/settings.json';
import type shell from './zh-CN/shell.json';

/**
 * The zh-CN catalogs are the typed source: an unknown key fails the type check. Each area adds its
 * namespace here (and a JSON file per language; a test proves both languages have the same keys).
 */
export interface Resources {
  common: typeof common;
  shell: typeof shell;
  auth: typeof auth;
  home: typeof home;
  components: typeof components;
  codes: typeof codes;
  settings: typeof settings;
  employees: typeof employees;
  devices: typeof devices;
  dashboard: typeof dashboard;
  map: typeof map;
}
