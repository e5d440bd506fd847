import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { faultEndpoints, type FaultRow } from '@console/contract/http/faults';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { FAULT_READS } from '../api/faults.ts';
import { useFaultFields } from '../fields.tsx';

/** The record's fields, as creating and editing a fault both ask them. */
function FaultFields() {
  const fields = useFaultFields();
  return fields.formItems(['faultTypes', 'occurredAt', 'cause', 'parts', 'repairMethod', 'reporterName']);
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
  const fields = useFaultFields();
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
      {!alarmId && fields.formItems(['deviceId'])}
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
  const fields = useFaultFields();
  return (
    <FormDialog
      title={t('repairTitle', { id: row.id })}
      trigger={<Button type="link">{t('repair')}</Button>}
      schema={faultEndpoints.repair.body}
      initialValues={{ id: row.id, repairMethod: row.repairMethod, parts: row.parts }}
      onSubmit={(body) => repair.mutateAsync({ body })}
      onSuccess={saved}
    >
      {fields.formItems(['repairedAt', 'repairMethod', 'parts'], { overrides: { repairMethod: { rows: 3 } } })}
    </FormDialog>
  );
}
