import { useState } from 'react';
import { App, Button, Card, Descriptions, Form, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROLE_CODE } from '@console/contract/codes/accounts';
import {
  PROVIDER_STATE_CODE,
  SEAL_KIND_CODE,
  partyEndpoints,
  sealForm,
  type SealRow,
} from '@console/contract/http/lease-parties';
import { leasePartyScreens } from '@console/contract/screens/lease-parties';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RegistryActions, RegistryDialog } from '../../../components/registry-page.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { Input } from 'antd';
import { PARTY_READS, usePartyRights } from '../api.ts';
import { useTemplateForm } from '../components/template-form.tsx';

function TemplatesTab() {
  const { t } = useTranslation(['lease-parties', 'common']);
  const rights = usePartyRights();
  const form = useTemplateForm();
  const query = useQuery(endpointQuery(partyEndpoints.templateList));
  const remove = useEndpointMutation(partyEndpoints.templateDelete, { invalidates: PARTY_READS });
  return (
    <>
      {rights.manages && (
        <RegistryDialog
          form={form}
          trigger={
            <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }}>
              {t('esign.addTemplate')}
            </Button>
          }
        />
      )}
      <QueryState query={query}>
        {({ list }) => (
          <Table
            rowKey="id"
            size="small"
            dataSource={list}
            pagination={false}
            columns={[
              {
                key: 'name',
                title: t('esign.templateName'),
                render: (_, row) => (
                  <Space>
                    {row.name}
                    {row.isDefault && <Tag color="blue">{t('esign.isDefault')}</Tag>}
                  </Space>
                ),
              },
              {
                key: 'lang',
                title: t('esign.lang'),
                render: (_, row) => t(row.lang === 'zh' ? 'esign.langZh' : 'esign.langEn'),
              },
              {
                key: 'pdf',
                title: t('esign.basePdf'),
                render: (_, row) =>
                  row.baseUpload ? (
                    <a href={row.baseUpload} target="_blank" rel="noreferrer">
                      {t('esign.openPdf')}
                    </a>
                  ) : (
                    t('esign.builtIn')
                  ),
              },
              { key: 'fields', title: t('esign.fieldCount'), render: (_, row) => row.fields.length },
              { key: 'contracts', title: t('esign.contractCount'), dataIndex: 'contractCount' },
              { key: 'lessor', title: t('lessor'), dataIndex: 'lessorName' },
              {
                key: 'actions',
                title: t('common:actions'),
                render: (_, row) =>
                  row.editable && (
                    <RegistryActions
                      row={row}
                      form={form}
                      remove={{
                        confirm: (r) => t('esign.deleteTemplateConfirm', { name: r.name }),
                        submit: (r) => remove.mutateAsync({ body: { id: r.id } }),
                        done: t('esign.templateDeleted'),
                      }}
                    />
                  ),
              },
            ]}
          />
        )}
      </QueryState>
    </>
  );
}

/** Grant a seal to one of the company's people; the server refuses one without e-signature verification. */
function GrantDialog({ seal, signers }: { seal: SealRow; signers: { id: number; name: string; state: string }[] }) {
  const { t } = useTranslation(['lease-parties', 'common']);
  const { message } = App.useApp();
  const label = useCodeLabel();
  const grant = useEndpointMutation(partyEndpoints.sealGrant, { invalidates: PARTY_READS, silent: true });
  return (
    <FormDialog
      title={t('esign.grantTitle', { name: seal.name })}
      trigger={<Button type="link">{t('esign.grant')}</Button>}
      schema={partyEndpoints.sealGrant.body}
      initialValues={{ sealId: seal.id }}
      onSubmit={(body) => grant.mutateAsync({ body })}
      onSuccess={() => void message.success(t('esign.granted'))}
    >
      <Typography.Paragraph type="secondary">{t('esign.grantHint')}</Typography.Paragraph>
      <Field name="userId" label={t('esign.employee')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={signers
            .filter((s) => !seal.grants.some((g) => g.userId === s.id))
            .map((s) => ({ value: s.id, label: `${s.name} · ${label(PROVIDER_STATE_CODE, s.state)}` }))}
        />
      </Field>
    </FormDialog>
  );
}

function SealsTab() {
  const { t } = useTranslation(['lease-parties', 'common']);
  const { message } = App.useApp();
  const label = useCodeLabel();
  const rights = usePartyRights();
  const query = useQuery(endpointQuery(partyEndpoints.sealList));
  const create = useEndpointMutation(partyEndpoints.sealCreate, { invalidates: PARTY_READS, silent: true });
  const revoke = useEndpointMutation(partyEndpoints.sealRevoke, { invalidates: PARTY_READS });
  const refresh = useEndpointMutation(partyEndpoints.providerRefresh, { invalidates: PARTY_READS });
  const [refreshing, setRefreshing] = useState<number | null>(null);
  return (
    <QueryState query={query}>
      {({ list, signers }) => (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {rights.manages && (
            <FormDialog
              title={t('esign.addSeal')}
              trigger={
                <Button type="primary" icon={<PlusOutlined />}>
                  {t('esign.addSeal')}
                </Button>
              }
              schema={sealForm}
              initialValues={{ kind: 'contract' }}
              onSubmit={(body) => create.mutateAsync({ body })}
              onSuccess={() => void message.success(t('common:saved'))}
            >
              <Field name="name" label={t('esign.sealName')}>
                <Input maxLength={50} />
              </Field>
              <Field name="kind" label={t('esign.sealKind')}>
                <Select options={codeOptions(label, SEAL_KIND_CODE)} />
              </Field>
              <Field name="sealText" label={t('esign.sealText')}>
                <Input maxLength={60} />
              </Field>
            </FormDialog>
          )}
          <Table
            rowKey="id"
            size="small"
            dataSource={list}
            pagination={false}
            columns={[
              { key: 'name', title: t('esign.sealName'), dataIndex: 'name' },
              {
                key: 'kind',
                title: t('esign.sealKind'),
                render: (_, s) => <StatusBadge table={SEAL_KIND_CODE} value={s.kind} />,
              },
              { key: 'text', title: t('esign.sealText'), dataIndex: 'sealText' },
              {
                key: 'grants',
                title: t('esign.grants'),
                render: (_, s) => (
                  <Space size={[4, 4]} wrap>
                    {s.grants.length === 0 && <Typography.Text type="secondary">{t('esign.noGrants')}</Typography.Text>}
                    {s.grants.map((g) =>
                      rights.grantsSeals && s.editable ? (
                        <ConfirmButton
                          key={g.id}
                          size="small"
                          title={t('esign.revokeConfirm', { name: g.userName })}
                          onConfirm={async () => {
                            await revoke.mutateAsync({ body: { id: g.id } });
                            void message.success(t('esign.revoked'));
                          }}
                        >
                          {g.userName} ×
                        </ConfirmButton>
                      ) : (
                        <Tag key={g.id}>{g.userName}</Tag>
                      ),
                    )}
                  </Space>
                ),
              },
              { key: 'lessor', title: t('lessor'), dataIndex: 'lessorName' },
              {
                key: 'actions',
                title: t('common:actions'),
                render: (_, s) => rights.grantsSeals && s.editable && <GrantDialog seal={s} signers={signers} />,
              },
            ]}
          />
          {signers.length > 0 && (
            <Card size="small" title={t('esign.signers')}>
              <Typography.Paragraph type="secondary">{t('esign.signersHint')}</Typography.Paragraph>
              <Table
                rowKey="id"
                size="small"
                dataSource={signers}
                pagination={false}
                columns={[
                  { key: 'name', title: t('esign.employee'), dataIndex: 'name' },
                  { key: 'role', title: t('esign.role'), render: (_, s) => label(ROLE_CODE, s.roleId) },
                  {
                    key: 'state',
                    title: t('esign.verification'),
                    render: (_, s) => <StatusBadge table={PROVIDER_STATE_CODE} value={s.state} />,
                  },
                  { key: 'checked', title: t('esign.checkedAt'), render: (_, s) => s.checkedAt || '-' },
                  {
                    key: 'actions',
                    title: t('common:actions'),
                    render: (_, s) =>
                      rights.manages && (
                        <Button
                          type="link"
                          icon={<ReloadOutlined />}
                          loading={refreshing === s.id}
                          onClick={async () => {
                            setRefreshing(s.id);
                            try {
                              await refresh.mutateAsync({ body: { kind: 'user', userId: s.id } });
                              void message.success(t('esign.refreshed'));
                            } finally {
                              setRefreshing(null);
                            }
                          }}
                        >
                          {t('esign.refresh')}
                        </Button>
                      ),
                  },
                ]}
              />
            </Card>
          )}
        </Space>
      )}
    </QueryState>
  );
}

function AuthorisationTab() {
  const { t } = useTranslation(['lease-parties', 'common']);
  const { message } = App.useApp();
  const rights = usePartyRights();
  const query = useQuery(endpointQuery(partyEndpoints.providerStatus));
  const refresh = useEndpointMutation(partyEndpoints.providerRefresh, { invalidates: PARTY_READS });
  return (
    <QueryState query={query}>
      {({ list }) => (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary">{t('esign.authorisationHint')}</Typography.Paragraph>
          {list.map((status) => (
            <Descriptions
              key={status.orgId}
              bordered
              size="small"
              column={1}
              items={[
                { key: 'org', label: t('esign.company'), children: status.orgName },
                {
                  key: 'state',
                  label: t('esign.authorisation'),
                  children: <StatusBadge table={PROVIDER_STATE_CODE} value={status.state} />,
                },
                { key: 'account', label: t('esign.accountId'), children: status.providerAccountId || '-' },
                { key: 'expires', label: t('esign.expiresOn'), children: status.expiresOn ?? '-' },
                { key: 'checked', label: t('esign.checkedAt'), children: status.checkedAt || '-' },
              ]}
            />
          ))}
          {rights.manages && (
            <Form.Item>
              <Button
                icon={<ReloadOutlined />}
                loading={refresh.isPending}
                onClick={async () => {
                  await refresh.mutateAsync({ body: { kind: 'org', userId: null } });
                  void message.success(t('esign.refreshed'));
                }}
              >
                {t('esign.refresh')}
              </Button>
            </Form.Item>
          )}
        </Space>
      )}
    </QueryState>
  );
}

/**
 * /leaseCenter/esigTemplateMng: the contract templates, and beside them what signing needs from the company: its
 * seals with their grants to employees, and its authorisation at the e-signature provider (decision 034).
 */
export function EsignPage() {
  const { t } = useTranslation('lease-parties');
  const { query, update } = useScreenQuery(leasePartyScreens.esign);
  return (
    <Card title={t('esign.title')}>
      <Tabs
        activeKey={query.tab ?? 'templates'}
        onChange={(tab) => update({ tab: tab as 'templates' | 'seals' | 'authorisation' })}
        items={[
          { key: 'templates', label: t('esign.templatesTab'), children: <TemplatesTab /> },
          { key: 'seals', label: t('esign.sealsTab'), children: <SealsTab /> },
          { key: 'authorisation', label: t('esign.authorisationTab'), children: <AuthorisationTab /> },
        ]}
      />
    </Card>
  );
}
