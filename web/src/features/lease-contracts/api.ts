import { leaseChangeEndpoints } from '@console/contract/http/lease-changes';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { termsEndpoints } from '@console/contract/http/terms';
import { CONTRACT_WRITERS } from '@console/contract/access/lease-contracts';
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@console/contract/http/live';
import { invalidateEndpoints, readsOf } from '../../lib/endpoint-query.ts';
import { useLiveEvent } from '../../lib/live-events.ts';
import { useHasRole } from '../../lib/session.ts';

/**
 * Everything the area shows: a write re-reads it (the list, its counts, a detail, the form's options). A move of a contract or of its change (decision 041) may change
 * both: every read of either is refreshed.
 */
export const CONTRACT_READS = [
  ...readsOf(leaseContractEndpoints),
  ...readsOf(leaseChangeEndpoints),
  // Sending a contract for signature fixes the terms it carries, and calling it off lets them go (decision 078).
  ...readsOf(termsEndpoints),
];

/**
 * While the parties sign at the provider, its callbacks move a contract or a change on (and in force, a change moves
 * its contract): a page showing record `id` follows them by reading the area again.
 */
export function useFollowSigning(id: number): void {
  const queryClient = useQueryClient();
  useLiveEvent(
    useCallback(
      (event: LiveEvent) => {
        if (event.type === 'contract' && event.id === id) void invalidateEndpoints(queryClient, CONTRACT_READS);
      },
      [queryClient, id],
    ),
  );
}

/** May the signed-in user write contracts (the lessor's 5, 6, 10)? The server decides which ones. */
export const useIsContractWriter = () => useHasRole(CONTRACT_WRITERS);

/** Yuan typed in a form to integer cents on the wire (null stays null). */
export const toCents = (yuan: number | null | undefined): number | null =>
  yuan === null || yuan === undefined ? null : Math.round(yuan * 100);
/** Cents from the server to yuan in a form. */
export const toYuan = (cents: number | null | undefined): number | null =>
  cents === null || cents === undefined ? null : cents / 100;
/** Hours typed with one decimal to the tenths on the wire (decision 070), and back. */
export const hoursToTenths = (hours: number | null | undefined): number | null =>
  hours === null || hours === undefined ? null : Math.round(hours * 10);
export const tenthsToHours = (tenths: number | null | undefined): number | null =>
  tenths === null || tenths === undefined ? null : tenths / 10;
