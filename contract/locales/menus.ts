import type { Lang } from '../messages/translate.ts';
import en from './en-US/menus.json' with { type: 'json' };
import zh from './zh-CN/menus.json' with { type: 'json' };
import type { MenuTitleKey } from '../screens/screen.ts';

/** The `menus` catalogs (i18next resources, one JSON per language) by the request's language. */
export const menuCatalogs: Record<Lang, Record<MenuTitleKey, string>> = { zh_CN: zh, en_US: en };
