import { ROLE } from '../codes/roles.ts';
import { DEVICE_EDITORS } from './devices.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/accessories.ts`). */

/** What a host is worth belongs to the machine's owner; finance staff read it too (depreciation, write-offs). */
export const ASSET_READERS = [...DEVICE_EDITORS, ROLE.finance] as const;
