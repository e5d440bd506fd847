import { ROLE } from '../codes/roles.ts';
import { DEVICE_EDITORS } from './devices.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/peripherals.ts`). */

/**
 * Peripheral registries (virtual hosts, controllers, GPS gateways) belong to the companies that own machines,
 * like SIM cards: the editors of machines change them; salespeople read them (what is in stock, what is leased)
 * and maintenance technicians read them (they fit controllers and gateways). Customers and distributors do not
 * see a company's inventory.
 */
export const PERIPHERAL_READERS = [...DEVICE_EDITORS, ROLE.lessorSales, ROLE.technician] as const;
