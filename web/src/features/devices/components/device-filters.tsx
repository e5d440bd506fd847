import { useQuery } from '@tanstack/react-query';
import { fenceEndpoints } from '@console/contract/http/fences';
import type { ListFilter } from '../../../components/list-page.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { deviceOptionsQuery } from '../api/devices.ts';
import { useDeviceFields } from '../fields.tsx';

/**
 * The device list's filters, each a query parameter of /deviceManagement (the fleet home links here with
 * `status`, `kind` and `expiry`). Select values are text, as the URL holds them.
 */
export function useDeviceFilters(): ListFilter[] {
  const options = useQuery(deviceOptionsQuery()).data;
  // The fences in scope, for the fence filter (the fence list links here with `fenceId`).
  const fences = useQuery({
    ...endpointQuery(fenceEndpoints.options, {}, { background: true }),
    staleTime: 60000,
  }).data;
  const named = (rows: { id: number; name: string }[] | undefined) =>
    (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  const fields = useDeviceFields();
  const any = { placeholder: 'placeholders.any' };
  const choices = (options: { value: string; label: string }[]) => ({ ...any, options: () => options });

  return fields.filters(
    [
      'serialNumber',
      'hostSerial',
      'name',
      'modelId',
      'kind',
      'brand',
      'status',
      'signal',
      'leaseStatus',
      'inventoryState',
      'customerId',
      'distributorId',
      'fenceId',
      'expiry',
    ],
    {
      modelId: choices(named(options?.models)),
      kind: any,
      brand: choices((options?.brands ?? []).map((brand) => ({ value: brand, label: brand }))),
      status: any,
      signal: any,
      leaseStatus: any,
      inventoryState: any,
      customerId: choices(named(options?.customers)),
      distributorId: choices(named(options?.distributors)),
      fenceId: choices(named(fences)),
      expiry: any,
    },
  );
}
