import { useState, type CSSProperties } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceEndpoints } from '@console/contract/http/devices';
import { endpointQuery } from '../lib/endpoint-query.ts';

type Choice = { id: number; serialNumber: string };

/**
 * A machine in the user's scope (with `editableOnly`, one the user may change), found by its serial number on
 * the server (a fleet is too large to list). The current choice keeps its label while other machines are searched.
 * With `multiple` it holds several machines (number[]), each keeping its label once seen.
 */
export function DevicePicker({
  value,
  onChange,
  current,
  id,
  disabled,
  editableOnly = false,
  placeholder,
  multiple = false,
  style,
}: {
  value?: number | number[] | null;
  onChange?: ((value: number | null) => void) | ((value: number[]) => void);
  current?: Choice | null;
  id?: string;
  disabled?: boolean;
  editableOnly?: boolean;
  placeholder?: string;
  multiple?: boolean;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('components');
  const [search, setSearch] = useState('');
  const [seen, setSeen] = useState(new Map<number, string>());
  const found = useQuery({
    ...endpointQuery(deviceEndpoints.list, { serialNumber: search, pageSize: 20 }, { background: true }),
    placeholderData: keepPreviousData,
  });
  const rows = (found.data?.list ?? []).filter((row) => !editableOnly || row.editable);
  const chosen = (Array.isArray(value) ? value : value ? [value] : []).filter((v) => !rows.some((r) => r.id === v));
  const kept: Choice[] = chosen.map((v) => ({
    id: v,
    serialNumber: current?.id === v ? current.serialNumber : (seen.get(v) ?? String(v)),
  }));
  const options = [...kept, ...rows.map((row) => ({ id: row.id, serialNumber: row.serialNumber }))].map((row) => ({
    value: row.id,
    label: row.serialNumber,
  }));
  const remember = (ids: number[]) =>
    setSeen((map) => {
      const next = new Map(map);
      ids.forEach((v) => next.set(v, options.find((o) => o.value === v)?.label ?? String(v)));
      return next;
    });
  return (
    <Select
      style={style}
      id={id}
      allowClear
      mode={multiple ? 'multiple' : undefined}
      disabled={disabled}
      value={multiple ? ((value as number[] | undefined) ?? []) : ((value as number | null | undefined) ?? undefined)}
      onChange={(next: number | number[] | undefined) => {
        if (multiple) {
          const ids = (next as number[] | undefined) ?? [];
          remember(ids);
          (onChange as ((value: number[]) => void) | undefined)?.(ids);
        } else (onChange as ((value: number | null) => void) | undefined)?.((next as number | undefined) ?? null);
      }}
      placeholder={placeholder ?? t('devicePicker.placeholder')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={found.isFetching}
      options={options}
    />
  );
}
