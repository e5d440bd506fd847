import { Alert, App, Button, Card, Checkbox, Col, Empty, Form, Input, Row, Select, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FORM_FIELD_TYPE } from '@console/contract/codes/processes';
import { processEndpoints, type FormFieldDecl, type FormTemplateRow } from '@console/contract/http/processes';
import { href } from '@console/contract/screens/screen';
import { processScreens } from '@console/contract/screens/processes';
import { useCodeLabel } from '../../../components/code-label.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { PROCESS_READS, usePublishOrgs } from '../api.ts';
import { DeclaredFormItems } from '../components/declared-fields.tsx';
import { useNestedSubmit } from '../components/nested-form.ts';
import { OrgSelect } from '../fields.tsx';

const NEW_FIELD: FormFieldDecl = { key: '', label: '', type: 'text', required: false, help: '', options: [] };

/** The field list of the designer: each field's key, label, type, choices, whether required, and its help. */
function FieldList() {
  const { t } = useTranslation('processes');
  const label = useCodeLabel();
  const form = Form.useFormInstance();
  return (
    <Form.List name="fields">
      {(items, { add, remove, move }) => (
        <>
          {items.map((item, index) => (
            <Card
              key={item.key}
              size="small"
              style={{ marginBottom: 8 }}
              title={t('formDesign.fieldNo', { n: index + 1 })}
              extra={
                <Space size={0}>
                  <Button
                    type="text"
                    icon={<ArrowUpOutlined />}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={t('formDesign.up')}
                  />
                  <Button
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={index === items.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={t('formDesign.down')}
                  />
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(index)}
                    aria-label={t('formDesign.removeField')}
                  />
                </Space>
              }
            >
              <Row gutter={12}>
                <Col span={8}>
                  <Form.Item name={[item.name, 'label']} label={t('formDesign.label')} required>
                    <Input maxLength={40} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item
                    name={[item.name, 'key']}
                    label={t('formDesign.key')}
                    required
                    tooltip={t('formDesign.keyExtra')}
                  >
                    <Input maxLength={32} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name={[item.name, 'type']} label={t('formDesign.type')} required>
                    <Select
                      options={FORM_FIELD_TYPE.values.map((v) => ({ value: v, label: label(FORM_FIELD_TYPE, v) }))}
                    />
                  </Form.Item>
                </Col>
                <Form.Item noStyle dependencies={[['fields', item.name, 'type']]}>
                  {() =>
                    form.getFieldValue(['fields', item.name, 'type']) === 'select' && (
                      <Col span={24}>
                        <Form.Item
                          name={[item.name, 'options']}
                          label={t('formDesign.options')}
                          extra={t('formDesign.optionsExtra')}
                        >
                          <Select mode="tags" open={false} />
                        </Form.Item>
                      </Col>
                    )
                  }
                </Form.Item>
                <Col span={16}>
                  <Form.Item name={[item.name, 'help']} label={t('formDesign.help')}>
                    <Input maxLength={100} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name={[item.name, 'required']} valuePropName="checked" label=" ">
                    <Checkbox>{t('formDesign.required')}</Checkbox>
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          ))}
          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ ...NEW_FIELD })}>
            {t('formDesign.addField')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** How the form will look to the person who starts a process. */
function Preview() {
  const { t } = useTranslation('processes');
  const fields = (Form.useWatch('fields', { preserve: true }) ?? []) as FormFieldDecl[];
  const shown = fields.filter((f) => f?.key && f.label);
  return (
    <Card size="small" title={t('formDesign.preview')}>
      {shown.length === 0 ? (
        <Empty description={t('formDesign.previewEmpty')} />
      ) : (
        <Form layout="vertical" disabled component="div">
          <DeclaredFormItems fields={shown} />
        </Form>
      )}
    </Card>
  );
}

function Designer({ template }: { template: FormTemplateRow | null }) {
  const { t } = useTranslation(['processes', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const orgs = usePublishOrgs();
  const create = useEndpointMutation(processEndpoints.formCreate, { invalidates: PROCESS_READS, silent: true });
  const update = useEndpointMutation(processEndpoints.formUpdate, { invalidates: PROCESS_READS, silent: true });
  const createForm = useNestedSubmit(form, processEndpoints.formCreate.body, 'fields');
  const updateForm = useNestedSubmit(form, processEndpoints.formUpdate.body, 'fields');
  const { listError, busy } = template ? updateForm : createForm;
  const saved = (id: number) => {
    void message.success(t('common:saved'));
    void navigate(href(processScreens.form, { id }));
  };
  const save = () =>
    template
      ? updateForm.submit(async (body) => saved((await update.mutateAsync({ body })).id))
      : createForm.submit(async (body) => saved((await create.mutateAsync({ body })).id));
  const initial = template
    ? { id: template.id, name: template.name, description: template.description, fields: template.fields }
    : { orgId: orgs[0]?.id, name: '', description: '', fields: [{ ...NEW_FIELD }] };
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={() => void save()} key={orgs.length}>
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <Card title={template ? t('formDesign.editTitle') : t('formDesign.createTitle')}>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="name" label={t('formDesign.name')} required>
                  <Input maxLength={60} />
                </Form.Item>
              </Col>
              <Col span={12}>
                {template ? (
                  <Form.Item label={t('field.org')}>
                    <Typography.Text>{template.orgName}</Typography.Text>
                  </Form.Item>
                ) : (
                  <Form.Item name="orgId" label={t('field.org')} required>
                    <OrgSelect />
                  </Form.Item>
                )}
              </Col>
              <Col span={24}>
                <Form.Item name="description" label={t('field.description')}>
                  <Input.TextArea rows={2} maxLength={200} />
                </Form.Item>
              </Col>
            </Row>
            <Typography.Title level={5}>{t('formDesign.fields')}</Typography.Title>
            {listError && <Alert type="error" showIcon title={listError} style={{ marginBottom: 8 }} />}
            <FieldList />
            <Space style={{ marginTop: 16 }}>
              <Button type="primary" htmlType="submit" loading={busy}>
                {t('common:save')}
              </Button>
              <Button onClick={() => void navigate(href(processScreens.formTemplate))}>{t('common:cancel')}</Button>
            </Space>
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Preview />
        </Col>
      </Row>
    </Form>
  );
}

/** /processMng/formCreate: the form designer, for a new template or (with `id`) one to change. */
export function FormDesignPage() {
  const id = useScreenQuery(processScreens.formCreate).query.id;
  const query = useQuery({ ...endpointQuery(processEndpoints.formDetail, { id: id ?? 0 }), enabled: !!id });
  if (!id) return <Designer template={null} />;
  return <QueryState query={query}>{({ form }) => <Designer key={form.id} template={form} />}</QueryState>;
}
