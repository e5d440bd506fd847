import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/themes.ts`). */

/**
 * The theme page (spec: system management, "theme"; docs/decisions/004-brand-packs.md, addendum): the operator's
 * administrator edits a brand's colours, logo, title and region, saved into its brand pack and served at once.
 */
export const THEME_EDITORS = [ROLE.companyAdmin] as const;
