import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { FINISHED_STATES } from '@console/contract/codes/quality';
import { qualityEndpoints } from '@console/contract/http/quality';
import { qualityScreens } from '@console/contract/screens/quality';
import { ListPage } from '../../../components/list-page.tsx';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { CertificateButton, InspectionDrawer } from '../components/inspection-drawer.tsx';
import { useInspectionFields } from '../fields.tsx';

/** /qualityManagement/history: finished inspections, filtered and exported; a passed machine's certificate. */
export function HistoryPage() {
  const { t } = useTranslation(['quality', 'common']);
  const fields = useInspectionFields();
  const { query, update } = useScreenQuery(qualityScreens.history);
  return (
    <Card>
      <ListPage
        area="quality"
        resource="history"
        endpoint={qualityEndpoints.list}
        rowKey="id"
        title={t('history.title')}
        exportName={t('history.exportName')}
        fixedQuery={{ stage: 'finished' }}
        filters={fields.filters(['state', 'kind', 'modelId', 'inspectorId', 'from', 'to', 'keyword'], {
          state: { only: FINISHED_STATES },
        })}
        columns={[
          ...fields.columns(
            [
              'number',
              'serialNumber',
              'state',
              'kind',
              'modelName',
              'ownerName',
              'reason',
              'firstPass',
              'failedItems',
              'inspectorName',
              'startedAt',
              'finishedAt',
              'remark',
            ],
            {
              number: {
                render: (_, row) => (
                  <Button type="link" size="small" onClick={() => update({ id: row.id })}>
                    {row.number}
                  </Button>
                ),
              },
            },
          ),
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_, row) => row.state === 'passed' && <CertificateButton id={row.id} type="link" />,
          },
        ]}
      />
      <InspectionDrawer
        id={query.id ?? null}
        onClose={() => update({ id: undefined })}
        onOpen={(id) => update({ id })}
      />
    </Card>
  );
}
