import { useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceEndpoints } from '@console/contract/http/devices';
import { callApi } from '../../../lib/api-client.ts';

/**
 * One of the user's own machines, found by its serial number on the server (a fleet is too large to list).
 * The current choice keeps its label while other machines are searched.
 */
export function DevicePicker({
  value,
  onChange,
  current,
  id,
  disabled,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  current?: { id: number; serialNumber: string } | null;
  id?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('devices');
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: ['devices', 'list', { serialNumber: search, pageSize: 20, picker: true }],
    queryFn: ({ signal }) =>
      callApi(deviceEndpoints.list, { query: { serialNumber: search, pageSize: 20 } }, { background: true, signal }),
    placeholderData: keepPreviousData,
  });
  const rows = (found.data?.list ?? []).filter((row) => row.editable);
  const options = [
    ...(current && !rows.some((r) => r.id === current.id) ? [current] : []),
    ...rows.map((row) => ({ id: row.id, serialNumber: row.serialNumber })),
  ].map((row) => ({ value: row.id, label: row.serialNumber }));
  return (
    <Select
      id={id}
      allowClear
      disabled={disabled}
      value={value ?? undefined}
      onChange={(next: number | undefined) => onChange?.(next ?? null)}
      placeholder={t('sims.devicePlaceholder')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={found.isFetching}
      options={options}
    />
  );
}
