import { App, Button, Card, Space, Switch, Table, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BUSINESS_MODEL } from '@console/contract/codes/business-models';
import { partyEndpoints, type RuleRow } from '@console/contract/http/lease-parties';
import { useCodeLabel } from '../../../components/code-label.ts';
import { moneyText } from '../../../lib/money.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { RegistryActions, RegistryDialog } from '../../../components/registry-page.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { PARTY_READS, usePartyRights } from '../api.ts';
import { useRuleForm } from '../components/rule-form.tsx';

/** The conditions of a rule, as short tags. */
function Conditions({ rule }: { rule: RuleRow }) {
  const { t } = useTranslation('lease-parties');
  const label = useCodeLabel();
  return (
    <Space size={[4, 4]} wrap>
      {rule.requireVerifiedRenter && <Tag>{t('rules.requireVerifiedRenter')}</Tag>}
      {rule.requireNoArrears && <Tag>{t('rules.requireNoArrears')}</Tag>}
      {rule.maxTotalCents !== null && <Tag>{t('rules.maxTotalTag', { amount: moneyText(rule.maxTotalCents) })}</Tag>}
      {rule.maxDays !== null && <Tag>{t('rules.maxDaysTag', { count: rule.maxDays })}</Tag>}
      {rule.allowedModels.length > 0 && (
        <Tag>
          {t('rules.modelsTag', { models: rule.allowedModels.map((m) => label(BUSINESS_MODEL, m)).join(', ') })}
        </Tag>
      )}
    </Space>
  );
}

/**
 * /leaseCenter/autoApproval: the company's automatic approval rules in the order they are tried on submit; the
 * first enabled rule whose every condition holds approves the contract.
 */
export function ApprovalRulesPage() {
  const { t } = useTranslation(['lease-parties', 'common']);
  const { message } = App.useApp();
  const rights = usePartyRights();
  const form = useRuleForm();
  const query = useQuery(endpointQuery(partyEndpoints.ruleList));
  const enable = useEndpointMutation(partyEndpoints.ruleEnable, { invalidates: PARTY_READS });
  const reorder = useEndpointMutation(partyEndpoints.ruleReorder, { invalidates: PARTY_READS });
  const remove = useEndpointMutation(partyEndpoints.ruleDelete, { invalidates: PARTY_READS });

  const move = async (rules: RuleRow[], index: number, by: -1 | 1) => {
    const ids = rules.map((r) => r.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    await reorder.mutateAsync({ body: { ids } });
    void message.success(t('rules.reordered'));
  };

  return (
    <Card
      title={t('rules.title')}
      extra={
        rights.manages && (
          <RegistryDialog
            form={form}
            trigger={
              <Button type="primary" icon={<PlusOutlined />}>
                {t('rules.add')}
              </Button>
            }
          />
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('rules.explain')}</Typography.Paragraph>
      <QueryState query={query}>
        {({ list }) => {
          // The company's own rules are reordered among themselves; the operator reads every company's.
          const own = list.filter((r) => r.editable);
          return (
            <Table
              rowKey="id"
              size="small"
              dataSource={list}
              pagination={false}
              columns={[
                {
                  key: 'order',
                  title: t('rules.order'),
                  width: 110,
                  render: (_, rule) => {
                    const index = own.indexOf(rule);
                    if (index < 0) return rule.position + 1;
                    return (
                      <Space size={0}>
                        <span style={{ minWidth: 20, display: 'inline-block' }}>{index + 1}</span>
                        <Button
                          type="text"
                          size="small"
                          aria-label={t('rules.up')}
                          icon={<ArrowUpOutlined />}
                          disabled={index === 0 || reorder.isPending}
                          onClick={() => void move(own, index, -1)}
                        />
                        <Button
                          type="text"
                          size="small"
                          aria-label={t('rules.down')}
                          icon={<ArrowDownOutlined />}
                          disabled={index === own.length - 1 || reorder.isPending}
                          onClick={() => void move(own, index, 1)}
                        />
                      </Space>
                    );
                  },
                },
                { key: 'name', title: t('rules.name'), dataIndex: 'name' },
                { key: 'conditions', title: t('rules.conditions'), render: (_, rule) => <Conditions rule={rule} /> },
                {
                  key: 'enabled',
                  title: t('rules.enabled'),
                  render: (_, rule) => (
                    <Switch
                      checked={rule.enabled}
                      disabled={!rule.editable}
                      aria-label={t('rules.enabled')}
                      onChange={(enabled) => void enable.mutateAsync({ body: { id: rule.id, enabled } })}
                    />
                  ),
                },
                { key: 'approved', title: t('rules.approvedCount'), dataIndex: 'approvedCount' },
                ...(list.some((r) => !r.editable)
                  ? [{ key: 'lessor', title: t('lessor'), dataIndex: 'lessorName' }]
                  : []),
                {
                  key: 'actions',
                  title: t('common:actions'),
                  render: (_, rule) =>
                    rule.editable && (
                      <RegistryActions
                        row={rule}
                        form={form}
                        remove={{
                          confirm: (r) => t('rules.deleteConfirm', { name: r.name }),
                          submit: (r) => remove.mutateAsync({ body: { id: r.id } }),
                          done: t('rules.deleted'),
                        }}
                      />
                    ),
                },
              ]}
            />
          );
        }}
      </QueryState>
    </Card>
  );
}
