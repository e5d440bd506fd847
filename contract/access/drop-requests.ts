import { PEOPLE_OPERATORS } from './customers.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/drop-requests.ts`). */

/**
 * Account deletion requests (spec /dropAccount; docs/decisions/065-operator-onboarding.md): a person asks, proven by
 * a code; the operator's staff approve (the account is anonymised and can no longer sign in) or refuse with a
 * reason, and the person is told by text message.
 */

export const DROP_DECIDERS = PEOPLE_OPERATORS;
