import { useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { simCardEndpoints } from '@console/contract/http/sim-cards';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** One of the company's SIM cards, found by its ICCID on the server; shown as ICCID and IMEI. */
export function SimCardPicker({
  value,
  onChange,
  current,
  id,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  current?: { id: number; iccid: string; imei: string } | null;
  id?: string;
}) {
  const { t } = useTranslation('peripherals');
  const [search, setSearch] = useState('');
  const found = useQuery({
    ...endpointQuery(simCardEndpoints.list, { iccid: search, pageSize: 20 }, { background: true }),
    placeholderData: keepPreviousData,
  });
  const rows = (found.data?.list ?? []).filter((row) => row.editable);
  const options = [
    ...(current && !rows.some((r) => r.id === current.id) ? [current] : []),
    ...rows.map((row) => ({ id: row.id, iccid: row.iccid, imei: row.imei })),
  ].map((row) => ({ value: row.id, label: `${row.iccid} / ${row.imei}` }));
  return (
    <Select
      id={id}
      allowClear
      value={value ?? undefined}
      onChange={(next: number | undefined) => onChange?.(next ?? null)}
      placeholder={t('common.simPlaceholder')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={found.isFetching}
      options={options}
    />
  );
}
