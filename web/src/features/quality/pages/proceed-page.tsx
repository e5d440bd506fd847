import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { qualityEndpoints } from '@console/contract/http/quality';
import { qualityScreens } from '@console/contract/screens/quality';
import { ListPage } from '../../../components/list-page.tsx';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { InspectionDrawer } from '../components/inspection-drawer.tsx';
import { PlanDrawerButton } from '../components/plan-drawer.tsx';
import { StartDialog } from '../components/start-dialog.tsx';
import { useInspectionFields } from '../fields.tsx';

/**
 * /qualityManagement/proceed: the machines on the test bench. An inspection starts by serial against its kind's
 * plan; its automatic items are judged from the machine's reports, the inspector records the rest and completes it.
 */
export function ProceedPage() {
  const { t } = useTranslation('quality');
  const fields = useInspectionFields();
  const { query, update } = useScreenQuery(qualityScreens.proceed);
  return (
    <Card>
      <ListPage
        area="quality"
        resource="proceed"
        endpoint={qualityEndpoints.list}
        rowKey="id"
        title={t('proceed.title')}
        exportName={t('proceed.exportName')}
        fixedQuery={{ stage: 'open' }}
        filters={fields.filters(['kind', 'modelId', 'inspectorId', 'from', 'to', 'keyword'])}
        toolbar={
          <Space>
            <PlanDrawerButton />
            <StartDialog onStarted={(id) => update({ id })} />
          </Space>
        }
        columns={fields.columns(
          [
            'number',
            'serialNumber',
            'state',
            'progress',
            'failedItems',
            'kind',
            'modelName',
            'ownerName',
            'reason',
            'inspectorName',
            'startedAt',
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
        )}
      />
      <InspectionDrawer
        id={query.id ?? null}
        onClose={() => update({ id: undefined })}
        onOpen={(id) => update({ id })}
      />
    </Card>
  );
}
