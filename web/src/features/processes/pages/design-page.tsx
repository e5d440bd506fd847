import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLE_CODE } from '@console/contract/codes/accounts';
import {
  APPROVAL_MODE,
  ASSIGNABLE_ROLES,
  ASSIGNEE_KIND,
  CONDITION_FIELD_TYPES,
  CONDITION_OP,
  DEFINITION_STATE,
  SELECT_OPS,
} from '@console/contract/codes/processes';
import { processEndpoints, type FormFieldDecl, type ModelRow, type NodeDecl } from '@console/contract/http/processes';
import { href } from '@console/contract/screens/screen';
import { processScreens } from '@console/contract/screens/processes';
import { useCodeLabel } from '../../../components/code-label.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { YuanInput } from '../../../components/yuan-input.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { PROCESS_READS, usePeople } from '../api.ts';
import { FlowDiagram } from '../components/flow-diagram.tsx';
import { useNestedSubmit } from '../components/nested-form.ts';
import { useModelFields } from '../fields.tsx';

const NEW_NODE: NodeDecl = {
  name: '',
  assigneeKind: 'orgAdmin',
  roleId: null,
  userIds: [],
  mode: 'any',
  conditionField: '',
  conditionOp: null,
  conditionValue: null,
  ccUserIds: [],
};

/** The condition's value input, by the tested field's kind: an amount in yuan, a number, one of the options. */
function ConditionValue({
  field,
  ...props
}: {
  field?: FormFieldDecl;
  value?: number | string | null;
  onChange?: (v: unknown) => void;
}) {
  if (field?.type === 'money') return <YuanInput value={props.value as number} onChange={props.onChange} />;
  if (field?.type === 'select')
    return (
      <Select
        value={props.value as string}
        onChange={props.onChange}
        options={field.options.map((o) => ({ value: o, label: o }))}
      />
    );
  return (
    <InputNumber<number>
      style={{ width: '100%' }}
      value={props.value as number}
      onChange={props.onChange}
      disabled={!field}
    />
  );
}

function NodeCard({
  name,
  index,
  count,
  fields,
  people,
  move,
  remove,
}: {
  name: number;
  index: number;
  count: number;
  fields: FormFieldDecl[];
  people: { id: number; name: string }[];
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}) {
  const { t } = useTranslation('processes');
  const label = useCodeLabel();
  const form = Form.useFormInstance();
  const kind = Form.useWatch(['nodes', name, 'assigneeKind'], form) as NodeDecl['assigneeKind'] | undefined;
  const conditionKey = Form.useWatch(['nodes', name, 'conditionField'], form) as string | undefined;
  const conditionField = fields.find((f) => f.key === conditionKey);
  const personOptions = people.map((p) => ({ value: p.id, label: p.name }));
  const testable = fields.filter((f) => CONDITION_FIELD_TYPES.includes(f.type));
  const ops = conditionField?.type === 'select' ? SELECT_OPS : CONDITION_OP.values;
  return (
    <Card
      size="small"
      style={{ marginBottom: 8 }}
      title={t('design.nodeNo', { n: index + 1 })}
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
            disabled={index === count - 1}
            onClick={() => move(index, index + 1)}
            aria-label={t('formDesign.down')}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={() => remove(index)}
            aria-label={t('design.removeNode')}
          />
        </Space>
      }
    >
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name={[name, 'name']} label={t('design.nodeName')} required>
            <Input maxLength={40} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name={[name, 'mode']} label={t('design.mode')}>
            <Radio.Group options={APPROVAL_MODE.values.map((v) => ({ value: v, label: label(APPROVAL_MODE, v) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name={[name, 'assigneeKind']} label={t('design.assignee')} required>
            <Select options={ASSIGNEE_KIND.values.map((v) => ({ value: v, label: label(ASSIGNEE_KIND, v) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          {kind === 'role' && (
            <Form.Item name={[name, 'roleId']} label={t('design.role')} required>
              <Select options={ASSIGNABLE_ROLES.map((r) => ({ value: r, label: label(ROLE_CODE, r) }))} />
            </Form.Item>
          )}
          {kind === 'user' && (
            <Form.Item name={[name, 'userIds']} label={t('design.users')} required>
              <Select mode="multiple" showSearch={{ optionFilterProp: 'label' }} options={personOptions} />
            </Form.Item>
          )}
        </Col>
        <Col span={8}>
          <Form.Item name={[name, 'conditionField']} label={t('design.condition')} extra={t('design.conditionExtra')}>
            <Select
              allowClear
              options={testable.map((f) => ({ value: f.key, label: f.label }))}
              onChange={() => {
                form.setFieldValue(['nodes', name, 'conditionOp'], null);
                form.setFieldValue(['nodes', name, 'conditionValue'], null);
              }}
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name={[name, 'conditionOp']} label={t('design.op')}>
            <Select
              disabled={!conditionField}
              options={ops.map((v) => ({ value: v, label: label(CONDITION_OP, v) }))}
            />
          </Form.Item>
        </Col>
        <Col span={10}>
          <Form.Item name={[name, 'conditionValue']} label={t('design.value')}>
            <ConditionValue field={conditionField} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name={[name, 'ccUserIds']} label={t('design.cc')} extra={t('design.ccExtra')}>
            <Select mode="multiple" showSearch={{ optionFilterProp: 'label' }} options={personOptions} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}

function Designer({ model, fields }: { model: ModelRow; fields: FormFieldDecl[] }) {
  const { t } = useTranslation(['processes', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const people = usePeople(model.orgId);
  const save = useEndpointMutation(processEndpoints.modelDesign, { invalidates: PROCESS_READS, silent: true });
  const deploy = useEndpointMutation(processEndpoints.modelDeploy, { invalidates: PROCESS_READS });
  const { submit, listError, busy } = useNestedSubmit(form, processEndpoints.modelDesign.body, 'nodes');
  const watched = (Form.useWatch('nodes', form) ?? []) as NodeDecl[];
  const nodes = watched.map((n) => ({
    node: { ...NEW_NODE, ...n, userIds: n?.userIds ?? [], ccUserIds: n?.ccUserIds ?? [] },
  }));
  const onSave = async () => {
    const ok = await submit((body) => save.mutateAsync({ body }));
    if (ok) void message.success(t('design.saved'));
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ id: model.id, nodes: model.nodes.length ? model.nodes : [{ ...NEW_NODE }] }}
      onFinish={() => void onSave()}
    >
      <Card size="small" title={t('design.diagram')} style={{ marginBottom: 16 }}>
        <FlowDiagram nodes={nodes} fields={fields} people={people} />
      </Card>
      <Typography.Title level={5}>{t('design.nodes')}</Typography.Title>
      {listError && <Alert type="error" showIcon title={listError} style={{ marginBottom: 8 }} />}
      <Form.List name="nodes">
        {(items, { add, remove, move }) => (
          <>
            {items.map((item, index) => (
              <NodeCard
                key={item.key}
                name={item.name}
                index={index}
                count={items.length}
                fields={fields}
                people={people}
                move={move}
                remove={remove}
              />
            ))}
            <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ ...NEW_NODE })}>
              {t('design.addNode')}
            </Button>
          </>
        )}
      </Form.List>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('design.save')}
        </Button>
        <ConfirmButton
          disabled={model.state === 'deployed' || model.nodes.length === 0}
          title={t('model.deployConfirm', { name: model.name, version: model.latestVersion + 1 })}
          onConfirm={async () => {
            const done = await deploy.mutateAsync({ body: { id: model.id } });
            void message.success(t('model.deployed', { version: done.version }));
          }}
        >
          {t('model.deploy')}
        </ConfirmButton>
        {model.state === 'draft' && model.latestVersion > 0 && (
          <Typography.Text type="warning">{t('design.changedSinceDeploy')}</Typography.Text>
        )}
      </Space>
    </Form>
  );
}

/** /processMng/design: a model's approval nodes, drawn as the flow they make, saved and deployed. */
export function DesignPage() {
  const { t } = useTranslation('processes');
  const fields = useModelFields();
  const id = useScreenQuery(processScreens.design).query.id ?? 0;
  const query = useQuery(endpointQuery(processEndpoints.modelDetail, { id }));
  return (
    <QueryState query={query}>
      {({ model, fields: formFields, versions }) => (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card
            title={model.name}
            extra={
              model.latestVersion > 0 && (
                <Link to={href(processScreens.deploy, { modelId: model.id })}>{t('model.versions')}</Link>
              )
            }
          >
            <Descriptions
              size="small"
              column={3}
              items={fields.descriptions(model, [
                'key',
                'category',
                'state',
                'latestVersion',
                'formName',
                'orgName',
                'description',
              ])}
            />
            {versions.length > 0 && (
              <Space wrap style={{ marginTop: 8 }}>
                {versions.map((v) => (
                  <span key={v.id}>
                    v{v.version} <StatusBadge table={DEFINITION_STATE} value={v.state} />
                  </span>
                ))}
              </Space>
            )}
          </Card>
          <Card>
            <Designer key={`${model.id}:${model.updatedAt}`} model={model} fields={formFields} />
          </Card>
        </Space>
      )}
    </QueryState>
  );
}
