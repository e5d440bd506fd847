import { ROLE } from '../codes/roles.ts';
import { ALARM_HANDLERS, ALARM_READERS } from './warning.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/faults.ts`). */

/** Who reads fault records: whoever reads the machine's alarms, for the machines they see. */
export const FAULT_READERS = ALARM_READERS;
/** Who records and repairs them: those who handle alarms (the keepers and the technicians), on their own machines. */
export const FAULT_WRITERS = ALARM_HANDLERS;
/** Who turns a record into a work order: the keepers (technicians receive work orders, they do not raise them). */
export const FAULT_RAISERS = [ROLE.companyEmployee, ROLE.companyAdmin, ROLE.lessorAdmin, ROLE.lessorStaff] as const;
