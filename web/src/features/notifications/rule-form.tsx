import { useState, type ReactElement } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import {
  NOTIFY_CHANNELS,
  NOTIFY_EVENTS,
  NOTIFY_SELECTORS,
  notificationEndpoints,
  RECIPIENT_ROLES,
  type NotifyRuleForm,
} from '@console/contract/http/notifications';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Field } from '../../components/schema-form.tsx';
import { endpointQuery, useEndpointMutation } from '../../lib/endpoint-query.ts';
import { NOTIFY_READS } from './reads.ts';
import { useWords } from './words.ts';

const NEW_RULE: NotifyRuleForm = {
  name: '',
  enabled: true,
  events: [],
  minLevel: 1,
  selector: 'all',
  deviceIds: [],
  offlineMinutes: 0,
  steps: [{ delayMinutes: 0, roles: [], userIds: [], contacts: [], channels: ['sms'] }],
  webhookUrl: '',
  quietStart: '',
  quietEnd: '',
  dampingMinutes: 10,
  digestThreshold: 20,
};

/** Which machines: the choice that goes with the selector. */
function MachineChoice() {
  const { t } = useTranslation('notifications');
  const w = useWords();
  const [keyword, setKeyword] = useState('');
  const all = useQuery(endpointQuery(notificationEndpoints.choices, {}));
  const found = useQuery(endpointQuery(notificationEndpoints.choices, keyword ? { keyword } : {}));
  return (
    <Form.Item noStyle dependencies={['selector']}>
      {({ getFieldValue }) => {
        const selector = getFieldValue('selector') as string;
        if (selector === 'kind')
          return (
            <Field name="kind" label={t('kind')} required>
              <Select options={MACHINE_KINDS.map((k) => ({ value: k, label: w(`kinds.${k}`) }))} />
            </Field>
          );
        if (selector === 'fence')
          return (
            <Field name="fenceId" label={t('fence')} required>
              <Select options={(all.data?.fences ?? []).map((f) => ({ value: f.id, label: f.name }))} />
            </Field>
          );
        if (selector === 'customer')
          return (
            <Field name="customerOrgId" label={t('customer')} required>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={(all.data?.customers ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </Field>
          );
        if (selector === 'list')
          return (
            <Field name="deviceIds" label={t('machines')} extra={t('machinesExtra')} required>
              <Select
                mode="multiple"
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                options={(found.data?.machines ?? []).map((m) => ({
                  value: m.id,
                  label: m.name ? `${m.serialNumber} · ${m.name}` : m.serialNumber,
                }))}
              />
            </Field>
          );
        return null;
      }}
    </Form.Item>
  );
}

/** The escalation steps: when, to whom, through which channels. */
function Steps() {
  const { t } = useTranslation('notifications');
  const w = useWords();
  const choices = useQuery(endpointQuery(notificationEndpoints.choices, {}));
  return (
    <Form.List name="steps">
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              title={t('stepTitle', { n: index + 1 })}
              style={{ marginBottom: 12 }}
              extra={
                fields.length > 1 ? (
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={t('removeStep')}
                    onClick={() => remove(field.name)}
                  />
                ) : null
              }
            >
              <Form.Item name={[field.name, 'delayMinutes']} label={t('delayMinutes')} extra={t('delayExtra')}>
                <InputNumber<number> min={0} max={1440} precision={0} />
              </Form.Item>
              <Form.Item name={[field.name, 'channels']} label={t('channelsLabel')}>
                <Checkbox.Group options={NOTIFY_CHANNELS.map((c) => ({ value: c, label: w(`channels.${c}`) }))} />
              </Form.Item>
              <Form.Item name={[field.name, 'roles']} label={t('roles')}>
                <Select
                  mode="multiple"
                  options={RECIPIENT_ROLES.map((r) => ({ value: r, label: w(`roleNames.${r}`) }))}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'userIds']} label={t('people')}>
                <Select
                  mode="multiple"
                  showSearch={{ optionFilterProp: 'label' }}
                  options={(choices.data?.users ?? []).map((u) => ({ value: u.id, label: u.name }))}
                />
              </Form.Item>
              <Form.List name={[field.name, 'contacts']}>
                {(contacts, ops) => (
                  <Form.Item label={t('contacts')}>
                    {contacts.map((c) => (
                      <Space key={c.key} align="baseline" wrap>
                        <Form.Item name={[c.name, 'name']} noStyle>
                          <Input placeholder={t('contactName')} maxLength={40} style={{ width: 120 }} />
                        </Form.Item>
                        <Form.Item name={[c.name, 'mobile']} noStyle>
                          <Input placeholder={t('contactMobile')} maxLength={14} style={{ width: 140 }} />
                        </Form.Item>
                        <Form.Item name={[c.name, 'email']} noStyle>
                          <Input placeholder={t('contactEmail')} maxLength={100} style={{ width: 180 }} />
                        </Form.Item>
                        <MinusCircleOutlined aria-label={t('removeContact')} onClick={() => ops.remove(c.name)} />
                      </Space>
                    ))}
                    <Button
                      type="dashed"
                      icon={<PlusOutlined />}
                      onClick={() => ops.add({ name: '', mobile: '', areaCode: '86', email: '' })}
                    >
                      {t('addContact')}
                    </Button>
                  </Form.Item>
                )}
              </Form.List>
            </Card>
          ))}
          <Form.ErrorList errors={errors} />
          {fields.length < 5 && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() =>
                add({ delayMinutes: 10 * fields.length, roles: [], userIds: [], contacts: [], channels: ['email'] })
              }
              style={{ marginBottom: 16 }}
            >
              {t('addStep')}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}

/** The webhook secret of a new address: shown here once. */
function SecretOnce({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation('notifications');
  return (
    <Modal
      open
      title={t('secretTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('secretStored')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('secretOnce')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph copyable={{ text: secret }} code data-testid="webhook-secret">
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
}

/** The rule's form in a dialog: a new rule without `initial`, else a change of it. */
export function RuleDialog({
  initial,
  trigger,
}: {
  initial?: NotifyRuleForm;
  trigger: ReactElement<{ onClick?: () => void }>;
}) {
  const { t } = useTranslation(['notifications', 'common']);
  const w = useWords();
  const [secret, setSecret] = useState('');
  const save = useEndpointMutation(notificationEndpoints.save, { invalidates: NOTIFY_READS });
  return (
    <>
      <FormDialog
        title={initial ? t('editTitle') : t('createTitle')}
        trigger={trigger}
        width={760}
        schema={notificationEndpoints.save.body}
        initialValues={initial ?? NEW_RULE}
        okText={t('common:save')}
        onSubmit={(body) => save.mutateAsync({ body })}
        onSuccess={(result) => result.webhookSecret && setSecret(result.webhookSecret)}
      >
        <Field name="name" label={t('name')}>
          <Input maxLength={60} />
        </Field>
        <Field name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Field>
        <Field name="events" label={t('eventsLabel')}>
          <Select mode="multiple" options={NOTIFY_EVENTS.map((e) => ({ value: e, label: w(`events.${e}`) }))} />
        </Field>
        <Field name="minLevel" label={t('minLevel')}>
          <Radio.Group options={[1, 2, 3].map((l) => ({ value: l, label: w(`levels.${l}`) }))} />
        </Field>
        <Field name="selector" label={t('selector')}>
          <Radio.Group options={NOTIFY_SELECTORS.map((s) => ({ value: s, label: w(`selectors.${s}`) }))} />
        </Field>
        <MachineChoice />
        <Field name="offlineMinutes" label={t('offlineMinutes')} extra={t('offlineExtra')}>
          <InputNumber<number> min={0} max={10080} precision={0} />
        </Field>
        <Steps />
        <Field name="webhookUrl" label={t('webhookUrl')} extra={t('webhookExtra')}>
          <Input maxLength={500} placeholder="https://" />
        </Field>
        <Space wrap>
          <Field name="quietStart" label={t('quietStart')}>
            <Input placeholder="22:00" maxLength={5} style={{ width: 100 }} />
          </Field>
          <Field name="quietEnd" label={t('quietEnd')} extra={t('quietExtra')}>
            <Input placeholder="07:00" maxLength={5} style={{ width: 100 }} />
          </Field>
        </Space>
        <Space wrap>
          <Field name="dampingMinutes" label={t('dampingMinutes')} extra={t('dampingExtra')}>
            <InputNumber<number> min={0} max={1440} precision={0} />
          </Field>
          <Field name="digestThreshold" label={t('digestThreshold')} extra={t('digestExtra')}>
            <InputNumber<number> min={1} max={10000} precision={0} />
          </Field>
        </Space>
      </FormDialog>
      {secret && <SecretOnce secret={secret} onClose={() => setSecret('')} />}
    </>
  );
}
