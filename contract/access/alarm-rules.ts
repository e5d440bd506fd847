import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/alarm-rules.ts`). */

/**
 * Alarm rules belong to the organisations that own machines (the operator, the lessors). Their administrators
 * change them (the operator's for every owner, a lessor's for its own); the staff who keep machines read them, so
 * they know why an alarm came. Others do not see the rules: an alarm they see says its threshold.
 */
export const RULE_READERS = [ROLE.companyEmployee, ROLE.companyAdmin, ROLE.lessorAdmin, ROLE.lessorStaff] as const;
export const RULE_EDITORS = [ROLE.companyAdmin, ROLE.lessorAdmin] as const;
