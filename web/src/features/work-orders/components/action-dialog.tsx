import type { MouseEvent, ReactElement } from 'react';
import { Alert, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MoneyFormat } from '@console/contract/codes/money';
import type { WorkOrderAction } from '@console/contract/codes/work-order-flow';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { YuanInput } from '../../../components/yuan-input.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { currencyVariablesOf } from '../../../lib/money.ts';
import { technicianChoicesQuery, WORK_ORDER_READS } from '../api/work-orders.ts';
import { useWorkOrderFields } from '../fields.tsx';

const TITLES = {
  assign: 'dialogs.assignTitle',
  repair: 'dialogs.repairTitle',
  pay: 'dialogs.payTitle',
  resolve: 'dialogs.resolveTitle',
  suspend: 'dialogs.suspendTitle',
  resume: 'dialogs.resumeTitle',
  close: 'dialogs.closeTitle',
} as const;

/** Only the technicians who can take the orders; when none can, the dialog says why above the field. */
function TechnicianSelect({
  orders,
  ...props
}: {
  orders: number[];
  id?: string;
  value?: number;
  onChange?: (v: number) => void;
}) {
  const { t } = useTranslation('work-orders');
  const choices = useQuery(technicianChoicesQuery(orders));
  return (
    <Select
      {...props}
      loading={choices.isLoading}
      disabled={choices.data?.none !== null && choices.data?.none !== undefined}
      showSearch={{ optionFilterProp: 'label' }}
      options={(choices.data?.list ?? []).map((c) => ({
        value: c.id,
        label: `${c.name} · ${c.orgName} · ${t('dialogs.openOrders', { count: c.open })}`,
      }))}
    />
  );
}

function NoTechnician({ orders }: { orders: number[] }) {
  const { t } = useTranslation('work-orders');
  const none = useQuery(technicianChoicesQuery(orders)).data?.none;
  if (!none) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t(`dialogs.${none.reason}`, { owners: none.owners.join(t('dialogs.ownerSeparator')) })}
    />
  );
}

function ActionFields({ action, ids, money }: { action: WorkOrderAction; ids: number[]; money?: MoneyFormat }) {
  const { t } = useTranslation('work-orders');
  const fields = useWorkOrderFields();
  if (action === 'assign') {
    return (
      <>
        <NoTechnician orders={ids} />
        {fields.formItems(['assigneeId'], {
          overrides: { assigneeId: { input: () => <TechnicianSelect orders={ids} /> } },
        })}
      </>
    );
  }
  if (action === 'repair') return fields.formItems(['faultTypes', 'faultCause', 'partsUsed', 'repairMethod']);
  // A payment is in the currency of the order's organisation (decision 064), which its label names.
  if (action === 'pay')
    return (
      <>
        <Field name="amountCents" label={t('fields.paymentAmount', currencyVariablesOf(money))}>
          <YuanInput step={0.01} />
        </Field>
        {fields.formItems(['settled'])}
      </>
    );
  return null;
}

/**
 * The dialog of one action of the state machine, on one order (or, for assign, several), validated by the
 * action's own contract; the server refuses again what the state machine does not allow.
 */
export function ActionDialog({
  action,
  ids,
  trigger,
  onDone,
  money,
}: {
  action: WorkOrderAction;
  ids: number[];
  /** The orders' currency (a payment's), when it is one order's. */
  money?: MoneyFormat;
  trigger: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
  onDone?: () => void;
}) {
  const { t } = useTranslation('work-orders');
  const fields = useWorkOrderFields();
  const endpoint = workOrderEndpoints[action];
  const send = useEndpointMutation(endpoint, { invalidates: WORK_ORDER_READS, silent: true });
  const initialValues =
    action === 'assign' ? { ids } : action === 'pay' ? { id: ids[0], settled: true } : { id: ids[0] };
  return (
    <FormDialog
      title={t(TITLES[action], { count: ids.length })}
      trigger={trigger}
      schema={endpoint.body}
      initialValues={initialValues as never}
      okText={t(`actions.${action}`)}
      successMessage={t(`events.${action}`)}
      onSubmit={(body) => send.mutateAsync({ body: body as never })}
      onSuccess={() => onDone?.()}
    >
      <ActionFields action={action} ids={ids} money={money} />
      {fields.formItems(['remark'], { overrides: { remark: { rows: 3 } } })}
    </FormDialog>
  );
}
