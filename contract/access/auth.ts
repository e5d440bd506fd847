import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/auth.ts`). */

/** The screen-viewer role is the only one allowed onto the data screen. */
export const DASHBOARD_ROLE = ROLE.screenViewer;
