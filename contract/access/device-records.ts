import { ROLE } from '../codes/roles.ts';
import { DEVICE_EDITORS } from './devices.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/device-records.ts`). */

/**
 * The records of one machine on its detail page: the device log (what the machine did and reported), the
 * operation log (what people did, with sleep and wake), its files and its expenses.
 *
 * Who: reading the logs and files follows the machines a user sees (deviceScope: owner, customer, distributor),
 * so a customer reads the history and manuals of the machine it rents. Sleep and wake are commands (decision
 * 010: the owner's command roles). Files are written by the owner's editors. Expenses are the owner's costs:
 * its editors, its finance and sales staff read them, its editors write them; customers and distributors do not
 * see what the owner pays.
 */
export const EXPENSE_READERS = [...DEVICE_EDITORS, ROLE.finance, ROLE.lessorSales] as const;
