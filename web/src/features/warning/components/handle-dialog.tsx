import type { MouseEvent, ReactElement } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { handleForm, warningEndpoints } from '@console/contract/http/warning';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { ALARM_READS } from '../../../lib/shared-queries.ts';
import { useAlarmFields } from '../fields.tsx';

/** Handle one alarm or a batch with a remark ('select at least one item' when none is chosen). */
export function HandleDialog({
  ids,
  trigger,
  onDone,
}: {
  ids: number[];
  trigger: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
  onDone?: () => void;
}) {
  const { t } = useTranslation('warning');
  const { message } = App.useApp();
  const fields = useAlarmFields();
  // Silent: the dialog shows a refusal on its field.
  const handle = useEndpointMutation(warningEndpoints.handle, { invalidates: ALARM_READS, silent: true });
  return (
    <FormDialog
      title={ids.length > 1 ? t('handleDialog.batchTitle', { count: ids.length }) : t('handleDialog.title')}
      trigger={trigger}
      schema={handleForm}
      initialValues={{ ids, remark: '' }}
      onSubmit={(body) => handle.mutateAsync({ body })}
      onSuccess={({ count }) => {
        void message.success(t('messages.handled', { count }));
        onDone?.();
      }}
    >
      {fields.formItems(['remark'])}
    </FormDialog>
  );
}
