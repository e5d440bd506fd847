import type { MouseEvent, ReactElement } from 'react';
import { Alert, Input, Radio, Select } from 'antd';
import { YuanInput } from '../../../components/yuan-input.tsx';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FAULT_TYPE } from '@console/contract/codes/service';
import type { WorkOrderAction } from '@console/contract/codes/work-order-flow';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { technicianChoicesQuery, WORK_ORDER_READS } from '../api/work-orders.ts';

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

function ActionFields({ action, ids }: { action: WorkOrderAction; ids: number[] }) {
  const { t } = useTranslation('work-orders');
  const label = useCodeLabel();
  if (action === 'assign') {
    return (
      <>
        <NoTechnician orders={ids} />
        <Field name="assigneeId" label={t('dialogs.technician')}>
          <TechnicianSelect orders={ids} />
        </Field>
      </>
    );
  }
  if (action === 'repair') {
    return (
      <>
        <Field name="faultTypes" label={t('fields.faultTypes')}>
          <Select mode="multiple" options={codeOptions(label, FAULT_TYPE)} />
        </Field>
        <Field name="faultCause" label={t('fields.faultCause')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Field>
        <Field name="partsUsed" label={t('fields.partsUsed')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Field>
        <Field name="repairMethod" label={t('fields.repairMethod')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Field>
      </>
    );
  }
  if (action === 'pay') {
    return (
      <>
        <Field name="amountCents" label={t('fields.paymentAmount')}>
          <YuanInput step={0.01} suffix={t('dialogs.amountUnit')} />
        </Field>
        <Field name="settled" label={t('fields.settled')}>
          <Radio.Group
            options={[
              { value: true, label: t('dialogs.yes') },
              { value: false, label: t('dialogs.no') },
            ]}
          />
        </Field>
      </>
    );
  }
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
}: {
  action: WorkOrderAction;
  ids: number[];
  trigger: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
  onDone?: () => void;
}) {
  const { t } = useTranslation('work-orders');
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
      <ActionFields action={action} ids={ids} />
      <Field name="remark" label={t('fields.remark')}>
        <Input.TextArea rows={3} maxLength={500} />
      </Field>
    </FormDialog>
  );
}
