import { Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEVICE_STATUS, SIGNAL } from '@console/contract/codes/device-status';
import { RENEWAL_WINDOW } from '@console/contract/codes/finance';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { LEASE_STATUS, STOCK_STATUS } from '@console/contract/codes/stock';
import { fenceEndpoints } from '@console/contract/http/fences';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import type { ListFilter } from '../../../components/list-page.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { deviceOptionsQuery } from '../api/devices.ts';
import { FilterSelect } from '../../../components/filter-select.tsx';

/**
 * The device list's filters, each a query parameter of /deviceManagement (the fleet home links here with
 * `status`, `kind` and `expiry`). Select values are text, as the URL holds them.
 */
export function useDeviceFilters(): ListFilter[] {
  const { t } = useTranslation('devices');
  const label = useCodeLabel();
  const options = useQuery(deviceOptionsQuery()).data;
  // The fences in scope, for the fence filter (the fence list links here with `fenceId`).
  const fences = useQuery({
    queryKey: ['fences', 'options'],
    queryFn: ({ signal }) => callApi(fenceEndpoints.options, {}, { background: true, signal }),
    staleTime: 60000,
  }).data;
  const select = (choices: { value: string; label: string }[], width?: number) => (
    <FilterSelect width={width} placeholder={t('placeholders.any')} options={choices} />
  );
  const named = (rows: { id: number; name: string }[] | undefined) =>
    (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));

  return [
    { name: 'serialNumber', label: t('fields.serialNumber'), input: <Input allowClear maxLength={40} /> },
    { name: 'hostSerial', label: t('fields.hostSerial'), input: <Input allowClear maxLength={40} /> },
    { name: 'name', label: t('fields.name'), input: <Input allowClear maxLength={60} /> },
    { name: 'modelId', label: t('fields.model'), input: select(named(options?.models), 220) },
    { name: 'kind', label: t('fields.kind'), input: select(codeOptions(label, MACHINE_KIND)) },
    {
      name: 'brand',
      label: t('fields.brand'),
      input: select((options?.brands ?? []).map((brand) => ({ value: brand, label: brand }))),
    },
    { name: 'status', label: t('fields.status'), input: select(codeOptions(label, DEVICE_STATUS), 130) },
    { name: 'signal', label: t('fields.signal'), input: select(codeOptions(label, SIGNAL), 120) },
    { name: 'leaseStatus', label: t('fields.leaseStatus'), input: select(codeOptions(label, LEASE_STATUS), 120) },
    { name: 'inventoryState', label: t('fields.inventoryState'), input: select(codeOptions(label, STOCK_STATUS), 120) },
    { name: 'customerId', label: t('fields.customer'), input: select(named(options?.customers), 220) },
    { name: 'distributorId', label: t('fields.distributor'), input: select(named(options?.distributors), 220) },
    { name: 'fenceId', label: t('fields.fence'), input: select(named(fences), 220) },
    { name: 'expiry', label: t('fields.expiry'), input: select(codeOptions(label, RENEWAL_WINDOW), 190) },
  ];
}
