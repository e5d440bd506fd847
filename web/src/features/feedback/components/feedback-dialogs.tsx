import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedbackEndpoints, type FeedbackRow } from '@console/contract/http/feedback';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { RaiseWorkOrderButton } from '../../../components/work-order-link.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { FEEDBACK_READS } from '../api/feedback.ts';
import { useFeedbackFields } from '../fields.tsx';

/** Send feedback: information and the device serial number are required (spec section 5), up to 10 photos. */
export function CreateFeedbackDialog() {
  const { t } = useTranslation(['feedback', 'common']);
  const { message } = App.useApp();
  // Silent: the dialog shows a refusal on its field.
  const create = useEndpointMutation(feedbackEndpoints.create, { invalidates: FEEDBACK_READS, silent: true });
  const fields = useFeedbackFields();
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
      {fields.formItems(['serialNumber', 'info', 'reporterName', 'phone', 'images'])}
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
  const fields = useFeedbackFields();
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
        {fields.formItems(['remark'])}
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
