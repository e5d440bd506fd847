import { useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Radio, Select, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_SCOPE,
  API_KEY_SCOPES,
  API_KEY_STATE,
  apiKeyEndpoints,
  type ApiKeyRow,
} from '@console/contract/http/api-keys';
import { AEMP_BASE } from '@console/contract/http/aemp';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { defineFields } from '../../../components/fields.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { DayField } from '../../../components/picker-fields.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { endpointQuery, readsOf, useEndpointMutation } from '../../../lib/endpoint-query.ts';

const READS = readsOf(apiKeyEndpoints);

const useFields = defineFields<ApiKeyRow>()('api-keys', {
  name: { label: 'name' },
  prefix: { label: 'prefix', value: (row) => `${row.prefix}…` },
  scope: { label: 'scope', kind: 'code', table: API_KEY_SCOPE },
  reads: {
    label: 'reads',
    value: (row, { t }) =>
      row.scope === 'customer'
        ? row.customerName
        : row.scope === 'machines'
          ? t('machineCount', { count: row.machineCount })
          : t('everyMachine'),
  },
  state: { label: 'state', kind: 'code', table: API_KEY_STATE, filter: { width: 140 } },
  expiresOn: { label: 'expiresOn', kind: 'day' },
  ratePerMinute: { label: 'ratePerMinute', kind: 'number' },
  lastUsedAt: { label: 'lastUsedAt', kind: 'moment' },
  requestCount: { label: 'requestCount', kind: 'number' },
  createdByName: { label: 'createdBy', defaultHidden: true },
  createdAt: { label: 'createdAt', kind: 'moment' },
  revokedAt: { label: 'revokedAt', kind: 'moment', defaultHidden: true },
  keyword: { label: 'keyword', filter: { placeholder: 'keywordPlaceholder', maxLength: 40 } },
});

/** The customers and machines a new key may be limited to; machines found by what is typed. */
function ScopeChoices() {
  const { t } = useTranslation('api-keys');
  const [keyword, setKeyword] = useState('');
  const choices = useQuery(endpointQuery(apiKeyEndpoints.choices, keyword ? { keyword } : {}));
  const all = useQuery(endpointQuery(apiKeyEndpoints.choices, {}));
  return (
    <Form.Item noStyle dependencies={['scope']}>
      {({ getFieldValue }) =>
        getFieldValue('scope') === 'customer' ? (
          <Field name="customerOrgId" label={t('customer')} required>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('customerPlaceholder')}
              options={(all.data?.customers ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Field>
        ) : getFieldValue('scope') === 'machines' ? (
          <Field name="deviceIds" label={t('machines')} extra={t('machinesExtra')} required>
            <Select
              mode="multiple"
              showSearch={{ filterOption: false, onSearch: setKeyword }}
              placeholder={t('machinesPlaceholder')}
              loading={choices.isFetching}
              options={(choices.data?.machines ?? []).map((m) => ({
                value: m.id,
                label: m.name ? `${m.serialNumber} · ${m.name}` : m.serialNumber,
              }))}
            />
          </Field>
        ) : null
      }
    </Form.Item>
  );
}

/** The secret of a key just made: shown here once, never again. */
function SecretOnce({ made, onClose }: { made: { name: string; secret: string }; onClose: () => void }) {
  const { t } = useTranslation(['api-keys', 'common']);
  return (
    <Modal
      open
      title={t('madeTitle', { name: made.name })}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('secretStored')}
        </Button>
      }
      mask={{ closable: false }}
    >
      <Alert type="warning" showIcon title={t('secretOnce')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph copyable={{ text: made.secret }} code data-testid="api-key-secret">
        {made.secret}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('usage', { base: `${window.location.origin}/api${AEMP_BASE}` })}
      </Typography.Paragraph>
    </Modal>
  );
}

function CreateKey() {
  const { t } = useTranslation(['api-keys', 'common']);
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  const create = useEndpointMutation(apiKeyEndpoints.create, { invalidates: READS, silent: true });
  return (
    <>
      <FormDialog
        title={t('createTitle')}
        trigger={
          <Button type="primary" icon={<PlusOutlined />}>
            {t('create')}
          </Button>
        }
        schema={apiKeyEndpoints.create.body}
        initialValues={{ scope: 'all', ratePerMinute: 60, deviceIds: [] }}
        okText={t('createOk')}
        onSubmit={(body) => create.mutateAsync({ body })}
        onSuccess={(result) => setMade(result)}
      >
        <Field name="name" label={t('name')} extra={t('nameExtra')}>
          <Input maxLength={40} />
        </Field>
        <Field name="scope" label={t('scope')}>
          <Radio.Group options={API_KEY_SCOPES.map((s) => ({ value: s, label: t(`scopes.${s}`) }))} />
        </Field>
        <ScopeChoices />
        <Field name="expiresOn" label={t('expiresOn')} extra={t('expiresOnExtra')}>
          <DayField />
        </Field>
        <Field name="ratePerMinute" label={t('ratePerMinute')} extra={t('ratePerMinuteExtra')}>
          <InputNumber<number> min={1} max={600} precision={0} />
        </Field>
      </FormDialog>
      {made && <SecretOnce made={made} onClose={() => setMade(null)} />}
    </>
  );
}

function Revoke({ row }: { row: ApiKeyRow }) {
  const { t } = useTranslation('api-keys');
  const { message } = App.useApp();
  const revoke = useEndpointMutation(apiKeyEndpoints.revoke, { invalidates: READS });
  return (
    <ConfirmButton
      type="link"
      size="small"
      danger
      title={t('revokeConfirm', { name: row.name })}
      description={t('revokeHint')}
      onConfirm={async () => {
        await revoke.mutateAsync({ body: { id: row.id } });
        void message.success(t('revoked'));
      }}
    >
      {t('revoke')}
    </ConfirmButton>
  );
}

/** /setUp/apiKeys: the organisation's keys for the ISO 15143-3 API, made and revoked by its administrator. */
export function ApiKeysPage() {
  const { t } = useTranslation(['api-keys', 'common']);
  const fields = useFields();
  return (
    <ListPage
      area="api-keys"
      resource="list"
      endpoint={apiKeyEndpoints.list}
      rowKey="id"
      title={t('title')}
      toolbar={<CreateKey />}
      filters={fields.filters(['state', 'keyword'])}
      columns={[
        ...fields.columns([
          'name',
          'prefix',
          'scope',
          'reads',
          'state',
          'expiresOn',
          'ratePerMinute',
          'lastUsedAt',
          'requestCount',
          'createdByName',
          'createdAt',
          'revokedAt',
        ]),
        {
          key: 'actions',
          title: t('common:actions'),
          noExport: true,
          render: (_, row) => (row.state === 'active' ? <Revoke row={row} /> : null),
        },
      ]}
    />
  );
}
