import type common from './zh-CN/common.json';

/**
 * The zh-CN catalogs are the typed source: an unknown key fails the type check. Each area adds its
 * namespace here (and a JSON file per language; a test proves both languages have the same keys).
 */
export interface Resources {
  common: typeof common;
}
