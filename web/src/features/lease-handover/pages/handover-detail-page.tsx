import { Card, Image, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  leaseHandoverEndpoints as api,
  HANDOVER_STATE,
  type HandoverMachineRow,
} from '@console/contract/http/lease-handover';
import { leaseHandoverScreens } from '@console/contract/screens/lease';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { workOrderScreens } from '@console/contract/screens/work-orders';
import { href } from '@console/contract/screens/screen';
import { RecordDetail } from '../../../components/record-detail.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useFileUrls } from '../../../components/use-file-urls.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { HandoverActions } from '../components/handover-actions.tsx';
import { useHandoverFields } from '../fields.tsx';

/** The inspection photos of a machine (stored files are read through the console's session). */
function Photos({ urls }: { urls: string[] }) {
  const shown = useFileUrls(urls);
  if (urls.length === 0) return <>-</>;
  return (
    <Image.PreviewGroup>
      <Space wrap>
        {urls.map((url) => (
          <Image key={url} src={shown[url]} width={56} height={56} style={{ objectFit: 'cover' }} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

function Machines({ machines, kind }: { machines: HandoverMachineRow[]; kind: 'entry' | 'exit' }) {
  const { t } = useTranslation('lease-handover');
  return (
    <Table<HandoverMachineRow>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={machines}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'serial',
          title: t('fields.serial'),
          render: (_, m) => <Link to={href(deviceDetailScreens.detail, { id: m.deviceId })}>{m.serialNumber}</Link>,
        },
        { key: 'model', title: t('fields.model'), dataIndex: 'modelName' },
        {
          key: 'hours',
          title: t('fields.hourMeter'),
          render: (_, m) => (m.hourMeter === null ? '-' : `${m.hourMeter} h`),
        },
        {
          key: 'battery',
          title: t('fields.battery'),
          render: (_, m) => (m.batteryPct === null ? '-' : `${m.batteryPct}%`),
        },
        { key: 'readAt', title: t('fields.readAt'), render: (_, m) => m.readAt || '-' },
        {
          key: 'damage',
          title: t('fields.damageNote'),
          render: (_, m) =>
            m.damage ? (
              <Typography.Text type={kind === 'exit' ? 'danger' : undefined}>{m.damage}</Typography.Text>
            ) : (
              '-'
            ),
        },
        { key: 'photos', title: t('fields.photos'), render: (_, m) => <Photos urls={m.photos} /> },
        ...(kind === 'exit'
          ? [
              {
                key: 'workOrder',
                title: t('fields.workOrder'),
                render: (_: unknown, m: HandoverMachineRow) =>
                  m.workOrderId ? (
                    <Link to={href(workOrderScreens.detail, { id: m.workOrderId })} data-testid="damage-work-order">
                      {m.workOrderNumber}
                    </Link>
                  ) : (
                    '-'
                  ),
              },
            ]
          : []),
        {
          key: 'period',
          title: t('fields.period'),
          render: (_, m) =>
            m.periodId ? (
              <Link to={href(leaseHandoverScreens.deviceLeasePeriod, { deviceId: m.deviceId })}>
                {t('detail.openPeriod')}
              </Link>
            ) : (
              '-'
            ),
        },
      ]}
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
        <Card title={t('detail.machines', { n: h.machines.length })}>
          <Machines machines={h.machines} kind={kind} />
        </Card>
      )}
    </RecordDetail>
  );
}

export const EntryDetailPage = () => <HandoverDetailPage kind="entry" />;
export const ExitDetailPage = () => <HandoverDetailPage kind="exit" />;
