import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { processEndpoints } from '@console/contract/http/processes';
import { ListPage } from '../../../components/list-page.tsx';
import { TaskActions } from '../components/task-actions.tsx';
import { useTaskFields } from '../fields.tsx';

/** /processMng/todoTask: the tasks waiting for the reader, approved, rejected or handed over from the list. */
export function TodoPage() {
  const { t } = useTranslation(['processes', 'common']);
  const fields = useTaskFields();
  return (
    <Card>
      <ListPage
        area="processes"
        resource="todo"
        endpoint={processEndpoints.todo}
        rowKey="id"
        title={t('todo.title')}
        exportName={t('todo.exportName')}
        filters={fields.filters(['category', 'keyword'])}
        columns={[
          ...fields.columns([
            'number',
            'title',
            'name',
            'category',
            'nodeName',
            'startedByName',
            'startedAt',
            'createdAt',
          ]),
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_, row) => <TaskActions taskId={row.id} title={row.title} />,
          },
        ]}
      />
    </Card>
  );
}

/** /processMng/finishedTask: the tasks the reader handled, with the decision and where each process stands now. */
export function DonePage() {
  const { t } = useTranslation('processes');
  const fields = useTaskFields();
  return (
    <Card>
      <ListPage
        area="processes"
        resource="done"
        endpoint={processEndpoints.done}
        rowKey="id"
        title={t('done.title')}
        exportName={t('done.exportName')}
        filters={fields.filters(['state', 'category', 'keyword'])}
        columns={fields.columns([
          'number',
          'title',
          'name',
          'category',
          'nodeName',
          'state',
          'comment',
          'handledAt',
          'instanceState',
          'startedByName',
        ])}
      />
    </Card>
  );
}
