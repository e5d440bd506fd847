import type { MouseEvent, ReactElement } from 'react';
import { App, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { handleForm, warningEndpoints } from '@console/contract/http/warning';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { ALARM_READS } from '../../../lib/shared-queries.ts';

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
      <Field name="remark" label={t('handleDialog.remark')}>
        <Input.TextArea rows={4} maxLength={500} showCount placeholder={t('handleDialog.remarkPlaceholder')} />
      </Field>
    </FormDialog>
  );
}
