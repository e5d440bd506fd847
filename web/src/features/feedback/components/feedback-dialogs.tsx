import { App, Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_FEEDBACK_IMAGES, feedbackEndpoints, type FeedbackRow } from '@console/contract/http/feedback';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { UploadField } from '../../../components/upload-field.tsx';
import { RaiseWorkOrderButton } from '../../../components/work-order-link.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { FEEDBACK_READS } from '../api/feedback.ts';

/** Send feedback: information and the device serial number are required (spec section 5), up to 10 photos. */
export function CreateFeedbackDialog() {
  const { t } = useTranslation(['feedback', 'common']);
  const { message } = App.useApp();
  // Silent: the dialog shows a refusal on its field.
  const create = useEndpointMutation(feedbackEndpoints.create, { invalidates: FEEDBACK_READS, silent: true });
  return (
    <FormDialog
      title={t('addTitle')}
      trigger={<Button type="primary">{t('add')}</Button>}
      width={640}
      schema={feedbackEndpoints.create.body}
      initialValues={{ images: [] }}
      onSubmit={(body) => create.mutateAsync({ body })}
      onSuccess={() => void message.success(t('common:saved'))}
    >
      <Field name="serialNumber" label={t('serialNumber')}>
        <Input maxLength={40} />
      </Field>
      <Field name="info" label={t('info')}>
        <Input.TextArea rows={4} maxLength={2000} />
      </Field>
      <Field name="reporterName" label={t('reporter')}>
        <Input maxLength={40} />
      </Field>
      <Field name="phone" label={t('phone')}>
        <Input maxLength={15} />
      </Field>
      <Field name="images" label={t('images')} extra={t('imagesHint')}>
        <UploadField kind="photo" max={MAX_FEEDBACK_IMAGES} />
      </Field>
    </FormDialog>
  );
}

/** The handling buttons of a pending feedback: ignore (asks first), resolve (with a remark), turn into a work order. */
export function FeedbackActions({ row, link = true }: { row: FeedbackRow; link?: boolean }) {
  const { t } = useTranslation(['feedback', 'common']);
  const { message } = App.useApp();
  const raise = useEndpointMutation(feedbackEndpoints.raiseWorkOrder, { invalidates: FEEDBACK_READS });
  const resolve = useEndpointMutation(feedbackEndpoints.resolve, { invalidates: FEEDBACK_READS, silent: true });
  const ignore = useEndpointMutation(feedbackEndpoints.ignore, { invalidates: FEEDBACK_READS });
  if (!row.handleable) return null;
  const type = link ? 'link' : 'default';
  return (
    <Space size={link ? 0 : 8}>
      <RaiseWorkOrderButton
        type={link ? 'link' : 'primary'}
        raise={() => raise.mutateAsync({ body: { id: row.id } })}
        confirm={t('raiseConfirm', { id: row.id })}
        done={(id) => t('raised', { id })}
      >
        {t('raise')}
      </RaiseWorkOrderButton>
      <FormDialog
        title={t('resolveTitle', { id: row.id })}
        trigger={<Button type={type}>{t('resolve')}</Button>}
        schema={feedbackEndpoints.resolve.body}
        initialValues={{ id: row.id, remark: '' }}
        onSubmit={(body) => resolve.mutateAsync({ body })}
        onSuccess={() => void message.success(t('resolved'))}
      >
        <Field name="remark" label={t('remark')}>
          <Input.TextArea rows={3} maxLength={500} />
        </Field>
      </FormDialog>
      <ConfirmButton
        type={type}
        danger
        title={t('ignoreConfirm', { id: row.id })}
        onConfirm={async () => {
          await ignore.mutateAsync({ body: { id: row.id } });
          void message.success(t('ignored'));
        }}
      >
        {t('ignore')}
      </ConfirmButton>
    </Space>
  );
}
