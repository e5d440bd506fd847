import { useState } from 'react';
import { Alert, App, Button, Card, Select, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RULE_FIELDS } from '@console/contract/codes/alarms';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { alarmRuleEndpoints, type AlarmRuleRow } from '@console/contract/http/alarm-rules';
import { useCodeLabel } from '../../../components/code-label.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { LoadError } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { RuleDialog } from '../components/rule-dialog.tsx';

/**
 * /warning/rules: an owning company's alarm thresholds per machine kind. Administrators (the operator's for every
 * owner, a lessor's for its own) change them; the staff who keep machines read them (contract/http/alarm-rules).
 */
export function AlarmRulesPage() {
  const { t } = useTranslation(['warning', 'common']);
  const label = useCodeLabel();
  const { message } = App.useApp();
  const [orgId, setOrgId] = useState<number | undefined>();
  const rules = useQuery(endpointQuery(alarmRuleEndpoints.list, orgId ? { orgId } : {}));
  const reset = useEndpointMutation(alarmRuleEndpoints.reset, { invalidates: [alarmRuleEndpoints.list] });
  const data = rules.data;

  const na = t('rules.notApplicable');
  const columns = [
    {
      key: 'kind',
      title: t('rules.kind'),
      dataIndex: 'kind',
      render: (kind: string) => <StatusBadge table={MACHINE_KIND} value={kind} />,
    },
    {
      key: 'configured',
      title: t('rules.configured'),
      dataIndex: 'configured',
      render: (configured: boolean) =>
        configured ? <Tag color="blue">{t('rules.custom')}</Tag> : <Tag>{t('rules.default')}</Tag>,
    },
    {
      key: 'load',
      title: t('rules.load'),
      render: (_: unknown, r: AlarmRuleRow) =>
        RULE_FIELDS[r.kind].load ? `${r.load80} / ${r.load90} / ${r.load99}` : na,
    },
    {
      key: 'tilt',
      title: t('rules.tilt'),
      render: (_: unknown, r: AlarmRuleRow) => (RULE_FIELDS[r.kind].tilt ? `> ${r.tiltDeg}` : na),
    },
    {
      key: 'overspeed',
      title: t('rules.overspeed'),
      render: (_: unknown, r: AlarmRuleRow) =>
        !RULE_FIELDS[r.kind].speed ? na : r.overspeedKmh > 0 ? `> ${r.overspeedKmh}` : t('rules.notMonitored'),
    },
    {
      key: 'lowBattery',
      title: t('rules.lowBattery'),
      render: (_: unknown, r: AlarmRuleRow) =>
        !RULE_FIELDS[r.kind].battery ? na : r.lowBatteryPct > 0 ? `< ${r.lowBatteryPct}` : t('rules.notMonitored'),
    },
    {
      key: 'offline',
      title: t('rules.offline'),
      render: (_: unknown, r: AlarmRuleRow) => (r.offline ? t('rules.on') : t('rules.off')),
    },
    {
      key: 'updated',
      title: t('rules.updated'),
      render: (_: unknown, r: AlarmRuleRow) => (r.updatedAt ? `${r.updatedBy} · ${r.updatedAt}` : '-'),
    },
    ...(data?.editable
      ? [
          {
            key: 'actions',
            title: t('common:actions'),
            render: (_: unknown, r: AlarmRuleRow) => (
              <Space size={0}>
                <RuleDialog orgId={data.orgId} rule={r} trigger={<Button type="link">{t('rules.edit')}</Button>} />
                {r.configured && (
                  <ConfirmButton
                    type="link"
                    title={t('rules.resetConfirm', { kind: label(MACHINE_KIND, r.kind) })}
                    onConfirm={async () => {
                      await reset.mutateAsync({ body: { orgId: data.orgId, kind: r.kind } });
                      void message.success(t('messages.ruleReset'));
                    }}
                  >
                    {t('rules.reset')}
                  </ConfirmButton>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={t('rules.title')}
      extra={
        data && data.orgs.length > 1 ? (
          <Space>
            {t('rules.org')}
            <Select
              aria-label={t('rules.org')}
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 260 }}
              value={data.orgId}
              onChange={setOrgId}
              options={data.orgs.map((o) => ({ value: o.id, label: o.name }))}
            />
          </Space>
        ) : undefined
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('rules.intro')} />
        {data && !data.editable && <Alert type="warning" showIcon message={t('rules.readOnly')} />}
        {rules.isError && !data ? (
          <LoadError error={rules.error} onRetry={() => void rules.refetch()} />
        ) : (
          <Table<AlarmRuleRow>
            rowKey="kind"
            loading={rules.isFetching}
            columns={columns}
            dataSource={data?.rules ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        )}
      </Space>
    </Card>
  );
}
