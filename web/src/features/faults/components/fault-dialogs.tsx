import { App, Button, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FAULT_TYPE } from '@console/contract/codes/service';
import { faultEndpoints, type FaultRow } from '@console/contract/http/faults';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { DayField } from '../../../components/picker-fields.tsx';
import { DevicePicker } from '../../../components/device-picker.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { FAULT_READS } from '../api/faults.ts';

function FaultFields({ withRepair = true }: { withRepair?: boolean }) {
  const { t } = useTranslation('faults');
  const label = useCodeLabel();
  return (
    <>
      <Field name="faultTypes" label={t('faultTypes')}>
        <Select mode="multiple" options={codeOptions(label, FAULT_TYPE)} />
      </Field>
      <Field name="occurredAt" label={t('occurredAt')}>
        <DayField />
      </Field>
      <Field name="cause" label={t('cause')}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Field>
      <Field name="parts" label={t('parts')}>
        <Input maxLength={500} />
      </Field>
      {withRepair && (
        <Field name="repairMethod" label={t('repairMethod')}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Field>
      )}
      <Field name="reporterName" label={t('reporter')}>
        <Input maxLength={40} />
      </Field>
    </>
  );
}

function useSaved(text: string) {
  const { message } = App.useApp();
  return () => void message.success(text);
}

/** A write of a fault record; silent: the dialogs show a refusal on its field. */
const useFaultWrite = <K extends 'create' | 'update' | 'repair'>(action: K) =>
  useEndpointMutation(faultEndpoints[action], { invalidates: FAULT_READS, silent: true });

/** Record a fault by hand, or (with `alarmId`, opened from the alarm centre) from a machine's fault alarm. */
export function CreateFaultDialog({
  alarmId,
  open,
  onClose,
}: {
  alarmId?: number;
  open?: boolean;
  onClose?: () => void;
}) {
  const { t } = useTranslation(['faults', 'common']);
  const saved = useSaved(t('common:saved'));
  const create = useFaultWrite('create');
  return (
    <FormDialog
      title={alarmId ? t('fromAlarmTitle', { id: alarmId }) : t('addTitle')}
      trigger={open === undefined ? <Button type="primary">{t('add')}</Button> : undefined}
      open={open}
      onClose={onClose}
      width={640}
      schema={faultEndpoints.create.body}
      initialValues={{ alarmId, faultTypes: [] }}
      onSubmit={(body) => create.mutateAsync({ body })}
      onSuccess={saved}
    >
      {!alarmId && (
        <Field name="deviceId" label={t('machine')}>
          <DevicePicker />
        </Field>
      )}
      <FaultFields />
    </FormDialog>
  );
}

export function EditFaultDialog({ row }: { row: FaultRow }) {
  const { t } = useTranslation(['faults', 'common']);
  const saved = useSaved(t('common:saved'));
  const update = useFaultWrite('update');
  const { id, cause, parts, repairMethod, occurredAt, reporterName } = row;
  return (
    <FormDialog
      title={t('editTitle', { id })}
      trigger={<Button type="link">{t('common:edit')}</Button>}
      width={640}
      schema={faultEndpoints.update.body}
      initialValues={{ id, faultTypes: row.faultTypes as never, cause, parts, repairMethod, occurredAt, reporterName }}
      onSubmit={(body) => update.mutateAsync({ body })}
      onSuccess={saved}
    >
      <FaultFields />
    </FormDialog>
  );
}

/** Open -> repaired, with the day and the method. */
export function RepairFaultDialog({ row }: { row: FaultRow }) {
  const { t } = useTranslation('faults');
  const saved = useSaved(t('repaired'));
  const repair = useFaultWrite('repair');
  return (
    <FormDialog
      title={t('repairTitle', { id: row.id })}
      trigger={<Button type="link">{t('repair')}</Button>}
      schema={faultEndpoints.repair.body}
      initialValues={{ id: row.id, repairMethod: row.repairMethod, parts: row.parts }}
      onSubmit={(body) => repair.mutateAsync({ body })}
      onSuccess={saved}
    >
      <Field name="repairedAt" label={t('repairedAt')}>
        <DayField />
      </Field>
      <Field name="repairMethod" label={t('repairMethod')}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Field>
      <Field name="parts" label={t('parts')}>
        <Input maxLength={500} />
      </Field>
    </FormDialog>
  );
}
