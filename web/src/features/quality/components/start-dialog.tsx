import { Button, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { qualityEndpoints } from '@console/contract/http/quality';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { QUALITY_READS } from '../api.ts';

/** Start inspecting a machine by its serial; the new inspection opens. */
export function StartDialog({ onStarted }: { onStarted: (id: number) => void }) {
  const { t } = useTranslation('quality');
  const start = useEndpointMutation(qualityEndpoints.start, { invalidates: QUALITY_READS, silent: true });
  return (
    <FormDialog
      title={t('start.title')}
      trigger={<Button type="primary">{t('start.action')}</Button>}
      okText={t('start.ok')}
      schema={qualityEndpoints.start.body}
      initialValues={{ reason: 'newBuild', remark: '' }}
      onSubmit={(body) => start.mutateAsync({ body })}
      onSuccess={(saved) => onStarted(saved.id)}
    >
      <Field name="serialNumber" label={t('field.serialNumber')} extra={t('start.serialExtra')}>
        <Input maxLength={40} autoFocus />
      </Field>
      <Field name="reason" label={t('field.reason')}>
        <Radio.Group
          options={[
            { value: 'newBuild', label: t('reasons.newBuild') },
            { value: 'afterRepair', label: t('reasons.afterRepair') },
          ]}
        />
      </Field>
      <Field name="remark" label={t('field.remark')}>
        <Input.TextArea rows={2} maxLength={200} />
      </Field>
    </FormDialog>
  );
}
