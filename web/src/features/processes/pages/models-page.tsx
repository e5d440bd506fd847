import { App, Button, Card, Form, Input, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROCESS_CATEGORY } from '@console/contract/codes/processes';
import { processEndpoints, type ModelRow } from '@console/contract/http/processes';
import { href } from '@console/contract/screens/screen';
import { processScreens } from '@console/contract/screens/processes';
import { useCodeLabel } from '../../../components/code-label.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { RegistryDialog, type RegistryForm } from '../../../components/registry-page.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { PROCESS_READS, usePublishOrgs } from '../api.ts';
import { OrgSelect, useModelFields } from '../fields.tsx';

/** The form templates of the organisation chosen above (a model's form belongs to its organisation). */
function FormSelect({ orgId, ...props }: { orgId?: number; value?: number; onChange?: (v: number) => void }) {
  const watched = Form.useWatch('orgId') as number | undefined;
  const org = orgId ?? watched;
  const query = useQuery({
    ...endpointQuery(processEndpoints.formList, { orgId: org ?? 0, pageSize: 200 }),
    enabled: !!org,
  });
  const options = (query.data?.list ?? []).map((f) => ({ value: f.id, label: f.name }));
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      loading={query.isPending && !!org}
      {...props}
    />
  );
}

function ModelFields({ row }: { row?: ModelRow }) {
  const { t } = useTranslation('processes');
  const label = useCodeLabel();
  return (
    <>
      {!row && (
        <Field name="orgId" label={t('field.org')}>
          <OrgSelect />
        </Field>
      )}
      <Field name="name" label={t('field.modelName')}>
        <Input maxLength={60} />
      </Field>
      {!row && (
        <Field name="key" label={t('field.key')} extra={t('model.keyExtra')}>
          <Input maxLength={40} />
        </Field>
      )}
      <Field name="category" label={t('field.category')}>
        <Select options={PROCESS_CATEGORY.values.map((v) => ({ value: v, label: label(PROCESS_CATEGORY, v) }))} />
      </Field>
      <Field name="formId" label={t('field.form')}>
        <FormSelect orgId={row?.orgId} />
      </Field>
      <Field name="description" label={t('field.description')}>
        <Input.TextArea rows={2} maxLength={200} />
      </Field>
    </>
  );
}

/** /processMng/model: the process models; each is designed, deployed as a new version, changed or deleted. */
export function ModelsPage() {
  const { t } = useTranslation(['processes', 'common']);
  const { message } = App.useApp();
  const fields = useModelFields();
  const orgs = usePublishOrgs();
  const opts = { invalidates: PROCESS_READS, silent: true };
  const create = useEndpointMutation(processEndpoints.modelCreate, opts);
  const update = useEndpointMutation(processEndpoints.modelUpdate, opts);
  const remove = useEndpointMutation(processEndpoints.modelDelete, { invalidates: PROCESS_READS });
  const deploy = useEndpointMutation(processEndpoints.modelDeploy, { invalidates: PROCESS_READS });
  const form: RegistryForm<
    ModelRow,
    typeof processEndpoints.modelCreate.body,
    typeof processEndpoints.modelUpdate.body
  > = {
    fields: (row) => <ModelFields row={row} />,
    create: {
      title: t('model.add'),
      schema: processEndpoints.modelCreate.body,
      submit: (body) => create.mutateAsync({ body }),
      initialValues: { orgId: orgs[0]?.id, category: 'other' },
    },
    update: {
      title: (row) => t('model.editTitle', { name: row.name }),
      schema: processEndpoints.modelUpdate.body,
      submit: (body) => update.mutateAsync({ body }),
      initialValues: (row) => ({
        id: row.id,
        name: row.name,
        category: row.category,
        formId: row.formId,
        description: row.description,
      }),
    },
  };
  return (
    <Card>
      <ListPage
        area="processes"
        resource="models"
        endpoint={processEndpoints.modelList}
        rowKey="id"
        title={t('model.title')}
        exportName={t('model.exportName')}
        filters={fields.filters(['orgId', 'category', 'state', 'keyword'])}
        toolbar={
          <RegistryDialog
            form={form}
            trigger={
              <Button type="primary" icon={<PlusOutlined />}>
                {t('model.add')}
              </Button>
            }
          />
        }
        columns={[
          ...fields.columns([
            'name',
            'key',
            'category',
            'state',
            'latestVersion',
            'nodeCount',
            'formName',
            'orgName',
            'description',
            'updatedByName',
            'updatedAt',
          ]),
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_, row) => (
              <Space size={0} wrap>
                <Link to={href(processScreens.design, { id: row.id })}>
                  <Button type="link">{t('model.design')}</Button>
                </Link>
                <ConfirmButton
                  type="link"
                  disabled={row.state === 'deployed' || row.nodes.length === 0}
                  title={t('model.deployConfirm', { name: row.name, version: row.latestVersion + 1 })}
                  onConfirm={async () => {
                    const done = await deploy.mutateAsync({ body: { id: row.id } });
                    void message.success(t('model.deployed', { version: done.version }));
                  }}
                >
                  {t('model.deploy')}
                </ConfirmButton>
                {row.latestVersion > 0 && (
                  <Link to={href(processScreens.deploy, { modelId: row.id })}>
                    <Button type="link">{t('model.versions')}</Button>
                  </Link>
                )}
                <RegistryDialog form={form} row={row} trigger={<Button type="link">{t('common:edit')}</Button>} />
                <ConfirmButton
                  type="link"
                  danger
                  disabled={row.latestVersion > 0}
                  title={t('model.deleteConfirm', { name: row.name })}
                  onConfirm={async () => {
                    await remove.mutateAsync({ body: { id: row.id } });
                    void message.success(t('model.deleted'));
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
