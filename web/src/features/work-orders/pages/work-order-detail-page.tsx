import { useState } from 'react';
import { Button, Card, Col, Descriptions, Empty, Result, Row, Space, Tag, Typography } from 'antd';
import { formatAmount } from '@console/contract/codes/money';
import { currencyVariablesOf } from '../../../lib/money.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { FAULT_TYPE, WORK_ORDER_SOURCE, WORK_ORDER_STATUS, WORK_ORDER_TYPE } from '@console/contract/codes/service';
import { CASE_READERS } from '@console/contract/access/cases';
import { workOrderEndpoints, type WorkOrderDetail } from '@console/contract/http/work-orders';
import { addressText } from '@console/contract/formats/address';
import { phoneText } from '@console/contract/formats/phone';
import { useHasRole } from '../../../lib/session.ts';
import { useCodeLabel } from '../../../components/code-label.ts';
import { MatchingCases } from '../../../components/matching-cases.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { UploadField } from '../../../components/upload-field.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { sourceHref } from '../api/work-orders.ts';
import { OrderActions } from '../components/order-actions.tsx';
import { OrderTimeline } from '../components/order-timeline.tsx';
import { WorkOrderDialog } from '../components/work-order-dialog.tsx';
import { href } from '@console/contract/screens/screen';
import { workOrderScreens } from '@console/contract/screens/work-orders';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { warningScreens } from '@console/contract/screens/warning';

function Source({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation('work-orders');
  return (
    <Space>
      <StatusBadge table={WORK_ORDER_SOURCE} value={order.source} />
      {order.source === 'alarm' && order.sourceId !== null ? (
        <Link to={href(warningScreens.centre, { deviceId: order.deviceId, alarmId: order.sourceId })}>
          {t('detail.openAlarm')}
        </Link>
      ) : (
        order.sourceId !== null && (
          <Link to={sourceHref(order) ?? href(workOrderScreens.list)}>
            {t('detail.sourceRecord', { id: order.sourceId })}
          </Link>
        )
      )}
    </Space>
  );
}

/** /warning/ticketDetail?id=: one work order, its machine, pictures, repair, actions and timeline. */
export function WorkOrderDetailPage() {
  const { t } = useTranslation(['work-orders', 'common']);
  const label = useCodeLabel();
  const id = useScreenQuery(workOrderScreens.detail).query.id ?? 0;
  const query = useQuery({ ...endpointQuery(workOrderEndpoints.detail, { id }), enabled: id > 0 });
  const [editing, setEditing] = useState(false);
  const readsCases = useHasRole(CASE_READERS);

  const back = <Link to={href(workOrderScreens.list)}>{t('detail.back')}</Link>;
  if (id <= 0) return <Result status="404" title={t('detail.notFound')} extra={back} />;
  return (
    <QueryState query={query} notFoundExtra={back}>
      {(order) => (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card
            title={
              <Space>
                {t('detail.title', { number: order.number })}
                <StatusBadge table={WORK_ORDER_STATUS} value={order.status} />
              </Space>
            }
            extra={
              <Space wrap>
                <OrderActions order={order} type="default" />
                {order.editable && <Button onClick={() => setEditing(true)}>{t('actions.edit')}</Button>}
                {back}
              </Space>
            }
          >
            <Descriptions
              size="small"
              column={{ xs: 1, md: 3 }}
              items={[
                { key: 'title', label: t('fields.title'), children: order.title },
                { key: 'type', label: t('fields.type'), children: label(WORK_ORDER_TYPE, order.type) },
                { key: 'level', label: t('fields.level'), children: t('fields.levelValue', { level: order.level }) },
                {
                  key: 'machine',
                  label: t('fields.machine'),
                  children: (
                    <Link to={href(deviceDetailScreens.detail, { id: order.device.id })}>
                      {order.device.serialNumber}
                    </Link>
                  ),
                },
                { key: 'kind', label: t('fields.deviceKind'), children: label(MACHINE_KIND, order.deviceKind) },
                { key: 'org', label: t('fields.organisation'), children: order.orgName },
                { key: 'source', label: t('fields.source'), children: <Source order={order} /> },
                {
                  key: 'phone',
                  label: t('fields.phone'),
                  children: phoneText({ areaCode: order.areaCode, number: order.phone }) || '-',
                },
                {
                  key: 'address',
                  label: t('fields.address'),
                  children: addressText(order) || '-',
                },
                { key: 'assignee', label: t('fields.assignee'), children: order.assigneeName || '-' },
                { key: 'createdBy', label: t('fields.createdBy'), children: order.createdBy || '-' },
                { key: 'createdAt', label: t('fields.createdAt'), children: order.createdAt },
                { key: 'content', label: t('fields.content'), span: 3, children: order.content || '-' },
                { key: 'remark', label: t('fields.remark'), span: 3, children: order.remark || '-' },
              ]}
            />
            <Typography.Title level={5}>{t('fields.attachments')}</Typography.Title>
            {order.attachments.length > 0 ? (
              <UploadField kind="photo" max={10} value={order.attachments} disabled />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noPictures')} />
            )}
          </Card>
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Card title={t('detail.repair')}>
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    { key: 'solver', label: t('fields.solver'), children: order.solverName || '-' },
                    {
                      key: 'faultTypes',
                      label: t('fields.faultTypes'),
                      children:
                        order.faultTypes.length > 0
                          ? order.faultTypes.map((v) => <Tag key={v}>{label(FAULT_TYPE, v)}</Tag>)
                          : '-',
                    },
                    { key: 'faultCause', label: t('fields.faultCause'), children: order.faultCause || '-' },
                    { key: 'partsUsed', label: t('fields.partsUsed'), children: order.partsUsed || '-' },
                    { key: 'repairMethod', label: t('fields.repairMethod'), children: order.repairMethod || '-' },
                    {
                      key: 'amount',
                      // In the order's organisation's currency, which the label names (decision 064).
                      label: t('fields.paymentAmount', currencyVariablesOf(order.money)),
                      children: order.paymentCents === null ? '-' : formatAmount(order.paymentCents, order.money),
                    },
                    {
                      key: 'settled',
                      label: t('fields.settled'),
                      children: order.settled ? t('dialogs.yes') : t('dialogs.no'),
                    },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card title={t('detail.timeline')}>
                <OrderTimeline events={order.timeline} money={order.money} />
              </Card>
            </Col>
          </Row>
          {readsCases && (
            // The expert library's cases for this kind of machine and fault: what fixed it before.
            <MatchingCases
              machineKind={order.deviceKind}
              faultTypes={order.faultTypes}
              text={[order.title, order.content, order.faultCause].join(' ')}
            />
          )}
          {order.editable && <WorkOrderDialog open={editing} onClose={() => setEditing(false)} order={order} />}
        </Space>
      )}
    </QueryState>
  );
}
