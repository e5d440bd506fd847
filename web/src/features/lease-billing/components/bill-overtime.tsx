import { useState } from 'react';
import { Alert, App, Button, Input, InputNumber, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { billingEndpoints, type BillRow, type OvertimeLine } from '@console/contract/http/lease-billing';
import { revenueEndpoints } from '@console/contract/http/lease-revenue';
import { overtimeAdjustInput, tenthsText } from '@console/contract/lease/overtime';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { recordAmountText, recordMoneyText } from '../../../lib/money.ts';
import { readsOf, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { BILLING_READS } from '../api.ts';

/**
 * A bill's overtime (decision 070): per machine, the hours included over its days, the hours its product measured,
 * the overtime hours billed at the line's price; a machine that reported no hours is flagged, not billed zero. The
 * lessor's administrator and staff adjust a line with a reason while the bill is unpaid; each adjustment is listed.
 */
export function BillOvertime({ overtime, bill }: { overtime: OvertimeLine[]; bill: BillRow }) {
  const { t } = useTranslation('lease-billing');
  const money = bill.money;
  if (overtime.length === 0) return null;
  return (
    <>
      <Typography.Title level={5}>{t('overtime.title')}</Typography.Title>
      {bill.hoursMissing && (
        <Alert type="warning" showIcon message={t('overtime.missingAlert')} data-testid="hours-missing" />
      )}
      <Table<OvertimeLine>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={overtime}
        expandable={{
          rowExpandable: (o) => o.adjustments.length > 0,
          expandedRowRender: (o) => (
            <Space direction="vertical">
              {o.adjustments.map((a, i) => (
                <Typography.Text key={i} type="secondary">
                  {t('overtime.adjustedLine', {
                    at: a.at,
                    name: a.userName,
                    from: tenthsText(a.fromTenths),
                    to: tenthsText(a.toTenths),
                    amount: recordMoneyText(a.toCents, money),
                    reason: a.reason,
                  })}
                </Typography.Text>
              ))}
            </Space>
          ),
        }}
        columns={[
          { key: 'serial', title: t('bill.serialNumber'), dataIndex: 'serialNumber' },
          { key: 'days', title: t('bill.period'), render: (_, o) => `${o.fromOn} ~ ${o.toOn}` },
          {
            key: 'allowance',
            title: t('overtime.allowance'),
            align: 'right',
            render: (_, o) => tenthsText(o.allowanceTenths),
          },
          {
            key: 'measured',
            title: t('overtime.measured'),
            align: 'right',
            render: (_, o) =>
              o.measuredTenths === null ? (
                <Tag color="orange">{t('overtime.missing')}</Tag>
              ) : (
                tenthsText(o.measuredTenths)
              ),
          },
          {
            key: 'hours',
            title: t('overtime.hours'),
            align: 'right',
            render: (_, o) =>
              o.hoursTenths === o.computedTenths ? (
                tenthsText(o.hoursTenths)
              ) : (
                <Tooltip title={t('overtime.computed', { hours: tenthsText(o.computedTenths) })}>
                  <Tag color="blue">{tenthsText(o.hoursTenths)}</Tag>
                </Tooltip>
              ),
          },
          {
            key: 'price',
            title: t('overtime.price'),
            align: 'right',
            render: (_, o) => recordMoneyText(o.priceCents, money),
          },
          {
            key: 'amount',
            title: t('bill.lineAmount'),
            align: 'right',
            render: (_, o) => recordAmountText(o.amountCents, money),
          },
          {
            key: 'adjust',
            title: '',
            render: (_, o) => (o.adjustable ? <AdjustOvertime line={o} /> : null),
          },
        ]}
      />
    </>
  );
}

/** The adjustment dialog: the overtime hours to bill (one decimal) and the reason. */
function AdjustOvertime({ line }: { line: OvertimeLine }) {
  const { t } = useTranslation(['lease-billing', 'common']);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  // The bill's amount moves: the arrears, the ledger and the income follow.
  const adjust = useEndpointMutation(billingEndpoints.overtimeAdjust, {
    invalidates: [...BILLING_READS, ...readsOf(revenueEndpoints)],
  });
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('overtime.adjust')}
      </Button>
      <FormDialog
        title={t('overtime.adjustTitle', { serial: line.serialNumber })}
        open={open}
        onClose={() => setOpen(false)}
        schema={overtimeAdjustInput}
        initialValues={{ id: line.id, hoursTenths: line.hoursTenths }}
        okText={t('overtime.adjust')}
        onSubmit={(body) => adjust.mutateAsync({ body })}
        onSuccess={() => void message.success(t('overtime.adjusted'))}
      >
        <Field name="id" hidden>
          <Input />
        </Field>
        <Field
          name="hoursTenths"
          label={t('overtime.hoursToBill')}
          getValueProps={(v: number | null) => ({ value: typeof v === 'number' ? v / 10 : v })}
          normalize={(v: number | null) => (typeof v === 'number' ? Math.round(v * 10) : v)}
        >
          <InputNumber min={0} precision={1} style={{ width: '100%' }} />
        </Field>
        <Field name="reason" label={t('overtime.reason')}>
          <Input.TextArea rows={3} maxLength={200} />
        </Field>
      </FormDialog>
    </>
  );
}
