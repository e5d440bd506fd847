import { App, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { processEndpoints } from '@console/contract/http/processes';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { PROCESS_READS } from '../api.ts';
import { useInstanceFields } from '../fields.tsx';

/** /processMng/mine: the processes the reader started, by state, kind and day; a running one is withdrawn here. */
export function MinePage() {
  const { t } = useTranslation(['processes', 'common']);
  const { message } = App.useApp();
  const fields = useInstanceFields();
  const withdraw = useEndpointMutation(processEndpoints.withdraw, { invalidates: PROCESS_READS });
  return (
    <Card>
      <ListPage
        area="processes"
        resource="mine"
        endpoint={processEndpoints.mine}
        rowKey="id"
        title={t('mine.title')}
        exportName={t('mine.exportName')}
        filters={fields.filters(['state', 'category', 'from', 'to', 'keyword'])}
        columns={[
          ...fields.columns([
            'number',
            'title',
            'name',
            'category',
            'state',
            'currentNode',
            'startedAt',
            'endedAt',
            'version',
          ]),
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_, row) =>
              row.canWithdraw && (
                <ConfirmButton
                  type="link"
                  danger
                  title={t('mine.withdrawConfirm', { number: row.number })}
                  onConfirm={async () => {
                    await withdraw.mutateAsync({ body: { id: row.id, comment: '' } });
                    void message.success(t('mine.withdrawn'));
                  }}
                >
                  {t('mine.withdraw')}
                </ConfirmButton>
              ),
          },
        ]}
      />
    </Card>
  );
}
