import { useState } from 'react';
import { Select, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEVICE_STATUS } from '@console/contract/codes/device-status';
import { riskEndpoints, type RiskCandidate } from '@console/contract/http/risk';
import { useCodeLabel } from '../code-label.ts';
import { endpointQuery } from '../../lib/endpoint-query.ts';

/**
 * The machines of a task: the user's own machines, searched on the server (a fleet is too large to list), each
 * with its status and whether it has risk permission and why. Chosen machines keep their labels while others
 * are searched.
 */
export function MachineSelect({
  value = [],
  onChange,
  id,
  preselected,
}: {
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
  /** The machine the page was opened for (`?deviceId=`), so its label shows before any search. */
  preselected?: number;
}) {
  const { t } = useTranslation('risk');
  const label = useCodeLabel();
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState(new Map<number, RiskCandidate>());
  const found = useQuery({
    ...endpointQuery(
      riskEndpoints.candidates,
      search || !preselected ? { keyword: search, pageSize: 30 } : { deviceId: preselected },
      { background: true },
    ),
    placeholderData: keepPreviousData,
  });
  // The machines seen in any answer, so a chosen one keeps its label after the search moves on.
  const page = found.data?.list;
  if (page?.some((m) => known.get(m.id) !== m)) setKnown(new Map([...known, ...page.map((m) => [m.id, m] as const)]));
  const rows = [
    ...value.flatMap((chosen) => {
      const machine = known.get(chosen);
      return machine && !found.data?.list.some((m) => m.id === chosen) ? [machine] : [];
    }),
    ...(found.data?.list ?? []),
  ];
  const status = (m: RiskCandidate) => label(DEVICE_STATUS, m.status);
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={(next: number[]) => onChange?.(next)}
      placeholder={t('form.machinesPlaceholder')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={found.isFetching}
      optionLabelProp="label"
      options={rows.map((m) => ({
        value: m.id,
        label: m.serialNumber,
        title: m.serialNumber,
        option: m,
      }))}
      optionRender={({ data }) => {
        const m = (data as { option: RiskCandidate }).option;
        return (
          <Space size={4} wrap>
            <Typography.Text>{m.serialNumber}</Typography.Text>
            {m.hostName && <Typography.Text type="secondary">{m.hostName}</Typography.Text>}
            <Tag color={m.riskPermission ? 'green' : 'default'}>
              {t(m.riskPermission ? 'form.eligible' : 'form.notEligible', { status: status(m) })}
            </Tag>
          </Space>
        );
      }}
    />
  );
}
