import { Card, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  leaseHandoverEndpoints as api,
  HANDOVER_STATE,
  type HandoverMachineRow,
} from '@console/contract/http/lease-handover';
import { leaseHandoverScreens } from '@console/contract/screens/lease';
import { href } from '@console/contract/screens/screen';
import { tableColumnsOf } from '../../../components/list-columns.ts';
import { RecordDetail } from '../../../components/record-detail.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { HandoverActions } from '../components/handover-actions.tsx';
import { HandoverNotePanel } from '../components/handover-note-panel.tsx';
import { useHandoverFields, useHandoverMachineFields } from '../fields.tsx';

function Machines({ machines, kind }: { machines: HandoverMachineRow[]; kind: 'entry' | 'exit' }) {
  const fields = useHandoverMachineFields();
  const columns = fields.columns(
    [
      'serialNumber',
      'modelName',
      'hourMeter',
      'batteryPct',
      'readAt',
      'damage',
      'photos',
      ...(kind === 'exit' ? (['workOrder'] as const) : []),
      'period',
    ],
    {
      // Damage found at the exit is what the renter answers for.
      damage: {
        render: (_, m) =>
          m.damage ? <Typography.Text type={kind === 'exit' ? 'danger' : undefined}>{m.damage}</Typography.Text> : '-',
      },
    },
  );
  return (
    <Table<HandoverMachineRow>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={machines}
      scroll={{ x: 'max-content' }}
      columns={tableColumnsOf(columns)}
    />
  );
}

/** /leaseCenter/enterDetail?id= and /leaseCenter/quitDetail?id=: the record, its machines, confirm or delete. */
function HandoverDetailPage({ kind }: { kind: 'entry' | 'exit' }) {
  const { t } = useTranslation('lease-handover');
  const fields = useHandoverFields();
  const screen = kind === 'entry' ? leaseHandoverScreens.enterDetail : leaseHandoverScreens.quitDetail;
  const id = useScreenQuery(screen).query.id ?? 0;
  const query = useQuery({ ...endpointQuery(api.detail, { id }), enabled: id > 0 });
  const back = (
    <Link to={href(kind === 'entry' ? leaseHandoverScreens.entryMng : leaseHandoverScreens.quitMng)}>
      {t(`${kind}.back`)}
    </Link>
  );
  return (
    <RecordDetail
      id={id}
      query={query}
      back={back}
      notFound={t('detail.notFound')}
      testIds={{ number: 'handover-number', status: 'handover-state' }}
      number={(h) => h.number}
      status={(h) => <StatusBadge table={HANDOVER_STATE} value={h.state} />}
      actions={(h) => <HandoverActions row={h} afterDelete />}
      descriptions={(h) => [
        ...fields.descriptions(h, ['contractNumber', 'renterName', 'day', 'deliveredBy', 'receivedBy']),
        { key: 'site', label: t('fields.site'), span: 2, children: h.siteAddress || '-' },
        { key: 'createdBy', label: t('fields.createdBy'), children: `${h.createdByName} · ${h.createdAt}` },
        {
          key: 'confirmedBy',
          label: t('fields.confirmedAt'),
          children: h.confirmedAt ? `${h.confirmedByName} · ${h.confirmedAt}` : '-',
        },
        { key: 'remark', label: t('fields.remark'), span: 3, children: h.remark || '-' },
      ]}
    >
      {(h) => (
        <>
          <Card title={t('detail.machines', { n: h.machines.length })}>
            <Machines machines={h.machines} kind={kind} />
          </Card>
          <HandoverNotePanel handover={h} />
        </>
      )}
    </RecordDetail>
  );
}

export const EntryDetailPage = () => <HandoverDetailPage kind="entry" />;
export const ExitDetailPage = () => <HandoverDetailPage kind="exit" />;
