import { App, Button, Card, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { processEndpoints } from '@console/contract/http/processes';
import { href } from '@console/contract/screens/screen';
import { processScreens } from '@console/contract/screens/processes';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { PROCESS_READS } from '../api.ts';
import { useFormTemplateFields } from '../fields.tsx';

/** /processMng/formTemplate: the form templates, each opened, designed again or deleted while no model uses it. */
export function FormsPage() {
  const { t } = useTranslation(['processes', 'common']);
  const { message } = App.useApp();
  const fields = useFormTemplateFields();
  const remove = useEndpointMutation(processEndpoints.formDelete, { invalidates: PROCESS_READS });
  return (
    <Card>
      <ListPage
        area="processes"
        resource="forms"
        endpoint={processEndpoints.formList}
        rowKey="id"
        title={t('forms.title')}
        exportName={t('forms.exportName')}
        filters={fields.filters(['orgId', 'keyword'])}
        toolbar={
          <Link to={href(processScreens.formCreate)}>
            <Button type="primary" icon={<PlusOutlined />}>
              {t('forms.add')}
            </Button>
          </Link>
        }
        columns={[
          ...fields.columns([
            'name',
            'orgName',
            'description',
            'fieldCount',
            'revision',
            'modelCount',
            'updatedByName',
            'updatedAt',
          ]),
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_, row) => (
              <Space size={0}>
                <Link to={href(processScreens.formCreate, { id: row.id })}>
                  <Button type="link">{t('forms.design')}</Button>
                </Link>
                <ConfirmButton
                  type="link"
                  danger
                  disabled={row.modelCount > 0}
                  title={t('forms.deleteConfirm', { name: row.name })}
                  onConfirm={async () => {
                    await remove.mutateAsync({ body: { id: row.id } });
                    void message.success(t('forms.deleted'));
                  }}
                >
                  {t('common:delete')}
                </ConfirmButton>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
