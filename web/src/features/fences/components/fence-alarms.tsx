import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALARM_TYPE } from '@console/contract/codes/alarms';
import { FENCE_ALARM_TYPES, fenceEndpoints, type FenceDetail } from '@console/contract/http/fences';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { ListPage, type ListColumn, type RowOf } from '../../../components/list-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';

type Alarm = RowOf<typeof fenceEndpoints.alarms>;

/** The enter and exit alarms the fence raised, newest first, on the machines the user sees. */
export function FenceAlarms({ fence }: { fence: FenceDetail }) {
  const { t } = useTranslation('fences');
  const label = useCodeLabel();
  const state = (row: Alarm) =>
    row.handled ? t('alarms.handled') : row.endedAt ? t('alarms.ended') : t('alarms.open');

  const columns: ListColumn<Alarm>[] = [
    {
      key: 'type',
      title: t('alarms.type'),
      dataIndex: 'type',
      exportValue: (row) => label(ALARM_TYPE, row.type),
      render: (type: string) => <StatusBadge table={ALARM_TYPE} value={type} />,
    },
    {
      key: 'serialNumber',
      title: t('machines.serialNumber'),
      dataIndex: 'serialNumber',
      render: (serial: string, row) => <Link to={`/deviceManagement/detail?id=${row.deviceId}`}>{serial}</Link>,
    },
    { key: 'startedAt', title: t('alarms.startedAt'), dataIndex: 'startedAt' },
    { key: 'endedAt', title: t('alarms.endedAt'), dataIndex: 'endedAt', render: (at: string) => at || '-' },
    {
      key: 'state',
      title: t('alarms.state'),
      exportValue: state,
      render: (_, row) => <Tag color={row.endedAt || row.handled ? 'default' : 'red'}>{state(row)}</Tag>,
    },
  ];

  return (
    <ListPage
      area="fences"
      resource="alarms"
      endpoint={fenceEndpoints.alarms}
      fixedQuery={{ id: fence.id }}
      rowKey="id"
      exportName={t('alarms.exportName', { name: fence.name })}
      filters={[
        {
          name: 'type',
          label: t('alarms.type'),
          input: (
            <Select
              allowClear
              style={{ width: 180 }}
              placeholder={t('placeholders.any')}
              options={codeOptions(label, ALARM_TYPE, FENCE_ALARM_TYPES)}
            />
          ),
        },
      ]}
      columns={columns}
    />
  );
}
