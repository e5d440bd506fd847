import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { UPKEEP_INTERVAL } from '@console/contract/codes/service';
import { upkeepEndpoints, type UpkeepPlan } from '@console/contract/http/upkeep';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { DayField } from '../../../components/picker-fields.tsx';
import { DevicePicker } from '../../../components/device-picker.tsx';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { UPKEEP_READS } from '../api/upkeep.ts';

/** A plan's fields; the machines only when creating (one plan each), the hours only for an hours interval. */
function PlanFields({ creating }: { creating: boolean }) {
  const { t } = useTranslation('upkeep');
  const label = useCodeLabel();
  const interval = Form.useWatch('interval') as string | undefined;
  return (
    <>
      {creating && (
        <Field name="deviceIds" label={t('machines')}>
          <DevicePicker multiple editableOnly />
        </Field>
      )}
      <Field name="interval" label={t('interval')}>
        <Select options={codeOptions(label, UPKEEP_INTERVAL)} />
      </Field>
      {interval === 'hours' && (
        <Field name="intervalHours" label={t('intervalHours')} dependencies={['interval']}>
          <InputNumber min={50} max={10000} precision={0} style={{ width: '100%' }} />
        </Field>
      )}
      <Field name="lastDoneAt" label={t('lastDoneAt')} extra={t('lastDoneHint')}>
        <DayField />
      </Field>
      <Field name="lastDoneHours" label={t('lastDoneHours')} extra={t('hoursHint')}>
        <InputNumber min={0} style={{ width: '100%' }} />
      </Field>
      <Field name="content" label={t('content')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Field>
    </>
  );
}

export function usePlanForm(): RegistryForm<
  UpkeepPlan,
  typeof upkeepEndpoints.create.body,
  typeof upkeepEndpoints.update.body
> {
  const { t } = useTranslation('upkeep');
  // Silent: the form shows a refusal on its field.
  const create = useEndpointMutation(upkeepEndpoints.create, { invalidates: UPKEEP_READS, silent: true });
  const update = useEndpointMutation(upkeepEndpoints.update, { invalidates: UPKEEP_READS, silent: true });
  return {
    width: 600,
    fields: (row) => <PlanFields creating={!row} />,
    create: {
      title: t('addTitle'),
      schema: upkeepEndpoints.create.body,
      submit: (body) => create.mutateAsync({ body }),
      initialValues: { deviceIds: [], interval: '6m' },
    },
    update: {
      title: (row) => t('editTitle', { serial: row.serialNumber }),
      schema: upkeepEndpoints.update.body,
      submit: (body) => update.mutateAsync({ body }),
      initialValues: (row) => ({
        id: row.id,
        interval: row.interval,
        intervalHours: row.intervalHours,
        lastDoneAt: row.lastDoneAt,
        lastDoneHours: row.lastDoneHours,
        content: row.content,
      }),
    },
  };
}
