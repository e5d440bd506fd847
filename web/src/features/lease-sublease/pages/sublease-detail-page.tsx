import { App, Button, Card, Descriptions, Form, Result, Select, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BUSINESS_MODEL } from '@console/contract/codes/business-models';
import { CONTRACT_STATUS } from '@console/contract/codes/contract-status';
import type { MoneyFormat } from '@console/contract/codes/money';
import { subleaseEndpoints, type SubleaseRow } from '@console/contract/http/lease-sublease';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { leaseSubleaseScreens } from '@console/contract/screens/lease-sublease';
import { href } from '@console/contract/screens/screen';
import { numericCodeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { DayField } from '../../../components/picker-fields.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { YuanInput } from '../../../components/yuan-input.tsx';
import { useOrgToday } from '../../../lib/days.ts';
import { currencyVariablesOf } from '../../../lib/money.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { SUBLEASE_READS } from '../api.ts';
import { useSubleaseFields } from '../fields.tsx';

/**
 * The terms' inputs (period, business model, prices, remark), for renting in and for changing them; the prices in
 * `money`, the sub-lease's currency (its lessor's, decision 064), else the console's.
 */
export function TermsFields({ money }: { money?: MoneyFormat } = {}) {
  const { t } = useTranslation('lease-sublease');
  const currency = currencyVariablesOf(money);
  const label = useCodeLabel();
  return (
    <>
      <Space.Compact block>
        <Form.Item name="startOn" label={t('subleases.startOn')} style={{ flex: 1 }}>
          <DayField />
        </Form.Item>
        <Form.Item name="endOn" label={t('subleases.endOn')} style={{ flex: 1 }}>
          <DayField />
        </Form.Item>
      </Space.Compact>
      <Form.Item name="businessModel" label={t('subleases.businessModel')}>
        <Select options={numericCodeOptions(label, BUSINESS_MODEL)} />
      </Form.Item>
      <Space.Compact block>
        <Form.Item name="dayCents" label={t('subleases.dayPrice', currency)} style={{ flex: 1 }}>
          <YuanInput />
        </Form.Item>
        <Form.Item name="monthCents" label={t('subleases.monthPrice', currency)} style={{ flex: 1 }}>
          <YuanInput />
        </Form.Item>
      </Space.Compact>
    </>
  );
}

function Actions({ row }: { row: SubleaseRow }) {
  const { t } = useTranslation(['lease-sublease', 'common']);
  const today = useOrgToday();
  const { message } = App.useApp();
  const update = useEndpointMutation(subleaseEndpoints.subleaseUpdate, { invalidates: SUBLEASE_READS, silent: true });
  const back = useEndpointMutation(subleaseEndpoints.subleaseReturn, { invalidates: SUBLEASE_READS, silent: true });
  if (!row.editable) return null;
  return (
    <Space>
      <FormDialog
        title={t('subleases.editTitle', { number: row.number })}
        trigger={<Button>{t('subleases.edit')}</Button>}
        schema={subleaseEndpoints.subleaseUpdate.body}
        initialValues={{
          id: row.id,
          startOn: row.startOn,
          endOn: row.endOn,
          businessModel: row.businessModel,
          dayCents: row.dayCents,
          monthCents: row.monthCents,
          remark: row.remark,
        }}
        onSubmit={(body) => update.mutateAsync({ body })}
        onSuccess={() => void message.success(t('common:saved'))}
      >
        <TermsFields money={row.money} />
      </FormDialog>
      <FormDialog
        title={t('subleases.returnTitle', { serial: row.serialNumber })}
        trigger={<Button danger>{t('subleases.return')}</Button>}
        okText={t('subleases.return')}
        schema={subleaseEndpoints.subleaseReturn.body}
        initialValues={{ id: row.id, day: today }}
        onSubmit={(body) => back.mutateAsync({ body })}
        onSuccess={() => void message.success(t('subleases.returned'))}
      >
        <Form.Item name="day" label={t('subleases.returnDay')}>
          <DayField />
        </Form.Item>
      </FormDialog>
    </Space>
  );
}

/** /leaseCenter/subleaseDetail?id=: a machine rented in, its terms, cost, state and the contracts it went out on. */
export function SubleaseDetailPage() {
  const { t } = useTranslation(['lease-sublease', 'common']);
  const fields = useSubleaseFields();
  const id = useScreenQuery(leaseSubleaseScreens.subleaseDetail).query.id ?? 0;
  const query = useQuery({ ...endpointQuery(subleaseEndpoints.subleaseDetail, { id }), enabled: id > 0 });
  const back = <Link to={href(leaseSubleaseScreens.subleases)}>{t('subleases.back')}</Link>;
  if (id <= 0) return <Result status="404" title={t('subleases.notFound')} extra={back} />;
  return (
    <QueryState query={query} notFoundExtra={back}>
      {({ sublease, contracts }) => (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card
            title={
              <Space>
                {sublease.number}
                {fields.cell('state', sublease)}
                {fields.cell('leasedOut', sublease)}
              </Space>
            }
            extra={
              <Space>
                <Actions row={sublease} />
                {back}
              </Space>
            }
          >
            <Descriptions
              column={{ xs: 1, md: 2, xl: 3 }}
              items={fields.descriptions(sublease, [
                'sublessorName',
                'serialNumber',
                'deviceName',
                'modelName',
                'status',
                'lastReportAt',
                'startOn',
                'endOn',
                'returnedOn',
                'businessModel',
                'dayCents',
                'monthCents',
                'costCents',
                'remark',
              ])}
            />
            {sublease.editable && (
              <Link to={href(deviceDetailScreens.detail, { id: sublease.deviceId })}>{t('subleases.device')}</Link>
            )}
          </Card>
          {sublease.editable || contracts.length > 0 ? (
            <Card title={t('subleases.contracts')}>
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={contracts}
                locale={{ emptyText: t('subleases.noContracts') }}
                columns={[
                  {
                    key: 'number',
                    title: t('subleases.contract'),
                    render: (_, c) => (
                      <Link to={href(leaseContractScreens.contractDetail, { id: c.id })}>{c.number}</Link>
                    ),
                  },
                  { key: 'renter', title: t('subleases.renter'), dataIndex: 'renterName' },
                  {
                    key: 'status',
                    title: t('subleases.contractStatus'),
                    render: (_, c) => <StatusBadge table={CONTRACT_STATUS} value={c.status} />,
                  },
                  { key: 'from', title: t('subleases.startOn'), dataIndex: 'startOn' },
                  { key: 'to', title: t('subleases.endOn'), dataIndex: 'endOn' },
                ]}
              />
            </Card>
          ) : null}
        </Space>
      )}
    </QueryState>
  );
}
