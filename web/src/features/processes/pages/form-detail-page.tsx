import { Button, Card, Col, Descriptions, Form, Row, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFINITION_STATE, FORM_FIELD_TYPE, MODEL_STATE } from '@console/contract/codes/processes';
import { processEndpoints } from '@console/contract/http/processes';
import { href } from '@console/contract/screens/screen';
import { processScreens } from '@console/contract/screens/processes';
import { useCodeLabel } from '../../../components/code-label.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { DeclaredFormItems } from '../components/declared-fields.tsx';
import { useFormTemplateFields } from '../fields.tsx';

/** /processMng/form: a form template: its fields, a preview, the models using it and the versions that froze it. */
export function FormDetailPage() {
  const { t } = useTranslation('processes');
  const label = useCodeLabel();
  const fields = useFormTemplateFields();
  const id = useScreenQuery(processScreens.form).query.id ?? 0;
  const query = useQuery(endpointQuery(processEndpoints.formDetail, { id }));
  return (
    <QueryState query={query}>
      {({ form, models, versions }) => (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card
            title={form.name}
            extra={
              <Link to={href(processScreens.formCreate, { id: form.id })}>
                <Button type="primary">{t('forms.design')}</Button>
              </Link>
            }
          >
            <Descriptions
              size="small"
              column={3}
              items={fields.descriptions(form, [
                'orgName',
                'revision',
                'modelCount',
                'updatedByName',
                'updatedAt',
                'description',
              ])}
            />
          </Card>
          <Row gutter={16}>
            <Col xs={24} xl={14}>
              <Card size="small" title={t('formDesign.fields')}>
                <Table
                  rowKey="key"
                  size="small"
                  pagination={false}
                  dataSource={form.fields}
                  columns={[
                    { key: 'label', title: t('formDesign.label'), dataIndex: 'label' },
                    { key: 'key', title: t('formDesign.key'), dataIndex: 'key' },
                    { key: 'type', title: t('formDesign.type'), render: (_, f) => label(FORM_FIELD_TYPE, f.type) },
                    {
                      key: 'required',
                      title: t('formDesign.required'),
                      render: (_, f) => (f.required ? t('formDesign.yes') : ''),
                    },
                    { key: 'options', title: t('formDesign.options'), render: (_, f) => f.options.join(' / ') },
                    { key: 'help', title: t('formDesign.help'), dataIndex: 'help' },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Card size="small" title={t('formDesign.preview')}>
                <Form layout="vertical" disabled component="div">
                  <DeclaredFormItems fields={form.fields} />
                </Form>
              </Card>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('formDetail.models')}>
                <Table
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={models}
                  columns={[
                    {
                      key: 'name',
                      title: t('field.modelName'),
                      render: (_, m) => <Link to={href(processScreens.design, { id: m.id })}>{m.name}</Link>,
                    },
                    { key: 'key', title: t('field.key'), dataIndex: 'key' },
                    {
                      key: 'state',
                      title: t('field.state'),
                      render: (_, m) => <StatusBadge table={MODEL_STATE} value={m.state} />,
                    },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('formDetail.versions')}>
                <Table
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={versions}
                  columns={[
                    { key: 'name', title: t('field.modelName'), dataIndex: 'name' },
                    { key: 'version', title: t('field.version'), render: (_, d) => `v${d.version}` },
                    {
                      key: 'state',
                      title: t('field.state'),
                      render: (_, d) => <StatusBadge table={DEFINITION_STATE} value={d.state} />,
                    },
                  ]}
                />
              </Card>
            </Col>
          </Row>
        </Space>
      )}
    </QueryState>
  );
}
