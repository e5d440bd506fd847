import { App, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { definitionAllows } from '@console/contract/codes/processes';
import { processEndpoints } from '@console/contract/http/processes';
import { processScreens } from '@console/contract/screens/processes';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { PROCESS_READS } from '../api.ts';
import { useDefinitionFields } from '../fields.tsx';

/**
 * /processMng/deploy: the deployed versions, frozen copies of a model's design and form; a version is suspended (no
 * new process starts from it, running ones go on) and activated again. `modelId` narrows to one model's versions.
 */
export function DeployPage() {
  const { t } = useTranslation(['processes', 'common']);
  const { message } = App.useApp();
  const fields = useDefinitionFields();
  const { modelId } = useScreenQuery(processScreens.deploy).query;
  const suspend = useEndpointMutation(processEndpoints.definitionSuspend, { invalidates: PROCESS_READS });
  const activate = useEndpointMutation(processEndpoints.definitionActivate, { invalidates: PROCESS_READS });
  return (
    <Card>
      <ListPage
        area="processes"
        resource="definitions"
        endpoint={processEndpoints.definitionList}
        rowKey="id"
        title={t('deploy.title')}
        exportName={t('deploy.exportName')}
        fixedQuery={modelId ? { modelId } : undefined}
        filters={fields.filters(['state', 'keyword'])}
        columns={[
          ...fields.columns([
            'name',
            'version',
            'latest',
            'state',
            'key',
            'category',
            'formName',
            'orgName',
            'instanceCount',
            'deployedByName',
            'deployedAt',
          ]),
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_, row) => (
              <Space size={0}>
                {definitionAllows('suspend', row.state) && (
                  <ConfirmButton
                    type="link"
                    danger
                    title={t('deploy.suspendConfirm', { name: row.name, version: row.version })}
                    onConfirm={async () => {
                      await suspend.mutateAsync({ body: { id: row.id } });
                      void message.success(t('deploy.suspended'));
                    }}
                  >
                    {t('deploy.suspend')}
                  </ConfirmButton>
                )}
                {definitionAllows('activate', row.state) && (
                  <ConfirmButton
                    type="link"
                    title={t('deploy.activateConfirm', { name: row.name, version: row.version })}
                    onConfirm={async () => {
                      await activate.mutateAsync({ body: { id: row.id } });
                      void message.success(t('deploy.activated'));
                    }}
                  >
                    {t('deploy.activate')}
                  </ConfirmButton>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
