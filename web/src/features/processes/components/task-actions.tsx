import { App, Button, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { processEndpoints } from '@console/contract/http/processes';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useSession } from '../../../lib/session.ts';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { PROCESS_READS, usePeople } from '../api.ts';

/** Approve (with an optional comment), reject (with the reason) or hand over a task waiting for the reader. */
export function TaskActions({ taskId, title }: { taskId: number; title: string }) {
  const { t } = useTranslation('processes');
  const { message } = App.useApp();
  const me = useSession().uid;
  const people = usePeople().filter((p) => p.id !== me);
  const opts = { invalidates: PROCESS_READS, silent: true };
  const approve = useEndpointMutation(processEndpoints.approve, opts);
  const reject = useEndpointMutation(processEndpoints.reject, opts);
  const transfer = useEndpointMutation(processEndpoints.transfer, opts);
  const comment = (
    <Field name="comment" label={t('task.comment')}>
      <Input.TextArea rows={3} maxLength={500} />
    </Field>
  );
  return (
    <Space size={0} wrap>
      <FormDialog
        title={t('task.approveTitle', { title })}
        trigger={<Button type="link">{t('task.approve')}</Button>}
        okText={t('task.approve')}
        schema={processEndpoints.approve.body}
        initialValues={{ id: taskId, comment: '' }}
        onSubmit={(body) => approve.mutateAsync({ body })}
        onSuccess={() => void message.success(t('task.approved'))}
      >
        {comment}
      </FormDialog>
      <FormDialog
        title={t('task.rejectTitle', { title })}
        trigger={
          <Button type="link" danger>
            {t('task.reject')}
          </Button>
        }
        okText={t('task.reject')}
        schema={processEndpoints.reject.body}
        initialValues={{ id: taskId, comment: '' }}
        onSubmit={(body) => reject.mutateAsync({ body })}
        onSuccess={() => void message.success(t('task.rejected'))}
      >
        <Field name="comment" label={t('task.reason')}>
          <Input.TextArea rows={3} maxLength={500} />
        </Field>
      </FormDialog>
      <FormDialog
        title={t('task.transferTitle', { title })}
        trigger={<Button type="link">{t('task.transfer')}</Button>}
        okText={t('task.transfer')}
        schema={processEndpoints.transfer.body}
        initialValues={{ id: taskId, comment: '' }}
        onSubmit={(body) => transfer.mutateAsync({ body })}
        onSuccess={() => void message.success(t('task.transferred'))}
      >
        <Field name="userId" label={t('task.transferTo')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={people.map((p) => ({ value: p.id, label: p.name }))}
          />
        </Field>
        {comment}
      </FormDialog>
    </Space>
  );
}
