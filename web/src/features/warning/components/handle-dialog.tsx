import type { MouseEvent, ReactElement } from 'react';
import { App, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { handleForm } from '@console/contract/http/warning';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { handleAlarms, refreshAlarms } from '../api/alarms.ts';

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
  const queryClient = useQueryClient();
  return (
    <FormDialog
      title={ids.length > 1 ? t('handleDialog.batchTitle', { count: ids.length }) : t('handleDialog.title')}
      trigger={trigger}
      schema={handleForm}
      initialValues={{ ids, remark: '' }}
      onSubmit={handleAlarms}
      onSuccess={({ count }) => {
        void message.success(t('messages.handled', { count }));
        void refreshAlarms(queryClient);
        onDone?.();
      }}
    >
      <Field name="remark" label={t('handleDialog.remark')}>
        <Input.TextArea rows={4} maxLength={500} showCount placeholder={t('handleDialog.remarkPlaceholder')} />
      </Field>
    </FormDialog>
  );
}
