import { Button, Card, Descriptions, Empty, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NOTIFY_EDITORS } from '@console/contract/access/notifications';
import { notificationEndpoints } from '@console/contract/http/notifications';
import { href } from '@console/contract/screens/screen';
import { notificationScreens } from '@console/contract/screens/notifications';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { useHasRole } from '../../../lib/session.ts';
import { RuleDialog } from '../rule-form.tsx';
import { useWords } from '../words.ts';

/** /warning/notifyRule?id=: one rule, its steps, and its deliveries that failed. */
export function RulePage() {
  const { t } = useTranslation(['notifications', 'common']);
  const w = useWords();
  const id = useScreenQuery(notificationScreens.rule).query.id;
  const editor = useHasRole(NOTIFY_EDITORS);
  const detail = useQuery(endpointQuery(notificationEndpoints.rule, { id }));
  const failed = useQuery(
    endpointQuery(notificationEndpoints.deliveries, { ruleId: id, state: 'failed', pageSize: 20 }),
  );
  const data = detail.data;
  if (!data) return <Card loading={detail.isLoading}>{detail.isError && <Empty />}</Card>;
  const { rule, form } = data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={rule.name}
        extra={
          <Space>
            <Link to={href(notificationScreens.log, { ruleId: rule.id })}>{t('log.title')}</Link>
            {editor && <RuleDialog initial={form} trigger={<Button type="primary">{t('common:edit')}</Button>} />}
          </Space>
        }
      >
        <Descriptions
          column={2}
          items={[
            { key: 'enabled', label: t('enabled'), children: rule.enabled ? t('on') : t('off') },
            { key: 'events', label: t('eventsLabel'), children: rule.events.map((e) => w(`events.${e}`)).join(', ') },
            { key: 'level', label: t('minLevel'), children: w(`levels.${rule.minLevel}`) },
            {
              key: 'selector',
              label: t('selector'),
              children: `${w(`selectors.${rule.selector}`)} ${rule.selector === 'kind' ? w(`kinds.${rule.selects}`) : rule.selector === 'list' ? t('machineCount', { count: Number(rule.selects) }) : rule.selects}`,
            },
            { key: 'quiet', label: t('quietHours'), children: rule.quietHours || '-' },
            { key: 'damping', label: t('dampingMinutes'), children: form.dampingMinutes },
            { key: 'digest', label: t('digestThreshold'), children: form.digestThreshold },
            {
              key: 'webhook',
              label: t('webhookUrl'),
              children: form.webhookUrl ? `${form.webhookUrl} (${data.webhookSecretHint})` : '-',
            },
            { key: 'sent', label: t('sent'), children: rule.sent },
            { key: 'failed', label: t('failed'), children: rule.failed > 0 ? <Tag color="red">{rule.failed}</Tag> : 0 },
          ]}
        />
      </Card>
      <Card title={t('steps')}>
        <Table
          rowKey="index"
          pagination={false}
          size="small"
          dataSource={form.steps.map((s, index) => ({ ...s, index }))}
          columns={[
            { key: 'n', title: '#', render: (_, s) => s.index + 1 },
            { key: 'delay', title: t('delayMinutes'), dataIndex: 'delayMinutes' },
            {
              key: 'channels',
              title: t('channelsLabel'),
              render: (_, s) => s.channels.map((c) => w(`channels.${c}`)).join(', '),
            },
            {
              key: 'roles',
              title: t('roles'),
              render: (_, s) => s.roles.map((r) => w(`roleNames.${r}`)).join(', ') || '-',
            },
            { key: 'people', title: t('people'), render: (_, s) => s.userIds.length },
            {
              key: 'contacts',
              title: t('contacts'),
              render: (_, s) => s.contacts.map((c) => c.name).join(', ') || '-',
            },
          ]}
        />
      </Card>
      <Card title={t('failedDeliveries')}>
        <Table
          rowKey="id"
          size="small"
          loading={failed.isLoading}
          pagination={false}
          dataSource={failed.data?.list ?? []}
          locale={{ emptyText: t('noFailures') }}
          columns={[
            { key: 'createdAt', title: t('createdAt'), dataIndex: 'createdAt' },
            { key: 'title', title: t('titleColumn'), dataIndex: 'title' },
            { key: 'channel', title: t('channel'), render: (_, d) => w(`channels.${d.channel}`) },
            { key: 'recipient', title: t('recipient'), dataIndex: 'recipient' },
            { key: 'attempts', title: t('attempts'), dataIndex: 'attempts' },
            { key: 'answer', title: t('answer'), dataIndex: 'answer' },
          ]}
        />
      </Card>
    </Space>
  );
}
