import { CONTRACT_READERS, CONTRACT_WRITERS } from './lease-contracts.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/lease-handover.ts`). */

/**
 * Entries (deliveries) and exits (returns) of machines under a contract in execution, and the lease periods they
 * open and close (issue 13; docs/decisions/035-lease-handover.md). Who reads follows the contract's readers (a
 * renter's users only their confirmed records); the lessor's writers create, confirm and delete drafts, a
 * salesperson only under their own contracts.
 */
export const HANDOVER_READERS = CONTRACT_READERS;
export const HANDOVER_WRITERS = CONTRACT_WRITERS;
