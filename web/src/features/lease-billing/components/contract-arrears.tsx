import { App, Button, Card, Descriptions, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOCK_LEVEL } from '@console/contract/codes/lock';
import { billingEndpoints, exemptForm, type ContractArrears } from '@console/contract/http/lease-billing';
import { BILL_READERS } from '@console/contract/access/lease-billing';
import { formatAmount } from '@console/contract/codes/money';
import { currencyVariablesOf } from '../../../lib/money.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useSession } from '../../../lib/session.ts';
import { BILLING_READS } from '../api.ts';

/** The arrears step a contract reached (decision 039): none, the reminder text, or a lock level. */
export function ArrearsStep({ step }: { step: number }) {
  const { t } = useTranslation('lease-billing');
  if (step < 0) return <>{t('arrears.stepNone')}</>;
  if (step === 0) return <Tag color="blue">{t('arrears.stepReminder')}</Tag>;
  return <StatusBadge table={LOCK_LEVEL} value={step} />;
}

/** What arrears will do next on the contract within 30 days, under its lessor's settings: day, step, machine. */
function NextSteps({ arrears: a }: { arrears: ContractArrears }) {
  const { t } = useTranslation('lease-billing');
  if (!a.lockingOn) return <Typography.Text type="secondary">{t('arrears.lockingOff')}</Typography.Text>;
  if (a.nextSteps.length === 0) return <Typography.Text type="secondary">{t('arrears.noNextSteps')}</Typography.Text>;
  return (
    <Space direction="vertical" size={2} data-testid="arrears-next-steps">
      {a.nextSteps.map((s) => (
        <Space key={`${s.deviceId}-${s.step}`} size={8} wrap>
          <Typography.Text>{s.day}</Typography.Text>
          <ArrearsStep step={s.step} />
          <Typography.Text>{s.step === 0 ? t('arrears.toRenter') : s.serialNumber}</Typography.Text>
          <Typography.Text type="secondary">{t('arrears.daysOverdueThen', { count: s.daysOverdue })}</Typography.Text>
          {s.dueNow && <Tag color="orange">{t('arrears.atNextPass')}</Tag>}
          {s.step > 0 && !s.movesNow && <Tag>{t('arrears.whenStopped')}</Tag>}
        </Space>
      ))}
    </Space>
  );
}

/**
 * The contract page's arrears: what is overdue, the arrears step reached and the next ones, and the exemption from
 * arrears locking, which the rental company's administrator grants with a reason and lifts (decision 039).
 */
export function ContractArrears({ contractId }: { contractId: number }) {
  const { t } = useTranslation(['lease-billing', 'common']);
  const { message } = App.useApp();
  const { roleId } = useSession();
  const reads = (BILL_READERS as readonly number[]).includes(roleId);
  const query = useQuery({ ...endpointQuery(billingEndpoints.contractArrears, { contractId }), enabled: reads });
  const exempt = useEndpointMutation(billingEndpoints.exempt, { invalidates: BILLING_READS });
  const lift = useEndpointMutation(billingEndpoints.liftExemption, { invalidates: BILLING_READS });
  const a = query.data;
  if (!reads || !a) return null;
  return (
    <Card
      title={t('arrears.contractTitle')}
      data-testid="contract-arrears"
      extra={
        a.mayExempt &&
        (a.exempt ? (
          <Popconfirm
            title={t('arrears.liftConfirm')}
            onConfirm={() =>
              lift.mutateAsync({ body: { contractId } }).then(() => void message.success(t('arrears.lifted')))
            }
          >
            <Button>{t('arrears.lift')}</Button>
          </Popconfirm>
        ) : (
          <FormDialog
            title={t('arrears.exemptTitle')}
            trigger={<Button>{t('arrears.exempt')}</Button>}
            schema={exemptForm}
            initialValues={{ contractId }}
            okText={t('arrears.exempt')}
            onSubmit={(body) => exempt.mutateAsync({ body })}
            onSuccess={() => void message.success(t('arrears.exempted'))}
          >
            <p>{t('arrears.exemptHint')}</p>
            <Field name="contractId" hidden>
              <Input />
            </Field>
            <Field name="reason" label={t('arrears.exemptReason')}>
              <Input.TextArea rows={3} maxLength={200} />
            </Field>
          </FormDialog>
        ))
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          {
            key: 'overdue',
            label: t('arrears.overdue', currencyVariablesOf(a.money)),
            children: formatAmount(a.overdueCents, a.money),
          },
          { key: 'days', label: t('arrears.daysOverdue'), children: a.daysOverdue },
          { key: 'step', label: t('arrears.step'), children: <ArrearsStep step={a.step} /> },
          { key: 'next', label: t('arrears.nextSteps'), span: 3, children: <NextSteps arrears={a} /> },
          {
            key: 'exempt',
            label: t('arrears.exemption'),
            span: 3,
            children: a.exempt ? (
              <Space direction="vertical" size={0}>
                <Tag color="purple">{t('arrears.exemptTag')}</Tag>
                <Typography.Text data-testid="exempt-reason">{a.exemptReason}</Typography.Text>
                <Typography.Text type="secondary">
                  {t('arrears.exemptBy', { name: a.exemptByName, at: a.exemptAt })}
                </Typography.Text>
              </Space>
            ) : (
              t('arrears.notExempt')
            ),
          },
        ]}
      />
    </Card>
  );
}
