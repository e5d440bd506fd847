import { App, Button, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NOTIFY_CHANNEL, notificationEndpoints, type NotifyRuleRow } from '@console/contract/http/notifications';
import { NOTIFY_EDITORS } from '@console/contract/access/notifications';
import { href } from '@console/contract/screens/screen';
import { notificationScreens } from '@console/contract/screens/notifications';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { defineFields } from '../../../components/fields.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useHasRole } from '../../../lib/session.ts';
import { NOTIFY_READS } from '../reads.ts';
import { RuleDialog } from '../rule-form.tsx';

const useFields = defineFields<NotifyRuleRow>()('notifications', {
  name: { label: 'name' },
  enabled: { label: 'enabled', value: (row, { t }) => (row.enabled ? t('on') : t('off')) },
  events: { label: 'eventsLabel', value: (row, { t }) => row.events.map((e) => t(`events.${e}`)).join(', ') },
  selects: {
    label: 'selector',
    value: (row, { t }) =>
      row.selector === 'kind'
        ? t(`kinds.${row.selects}`)
        : row.selector === 'list'
          ? t('machineCount', { count: Number(row.selects) })
          : row.selector === 'all'
            ? t('selectors.all')
            : row.selects,
  },
  channels: { label: 'channelsLabel', kind: 'codes', table: NOTIFY_CHANNEL },
  steps: { label: 'steps', kind: 'number' },
  quietHours: { label: 'quietHours' },
  sent: { label: 'sent', kind: 'number' },
  updatedAt: { label: 'updatedAt', kind: 'moment' },
  updatedByName: { label: 'updatedBy', defaultHidden: true },
  keyword: { label: 'keyword', filter: { placeholder: 'keywordPlaceholder', maxLength: 40 } },
});

/** /warning/notifyRules: who hears of which alarms and events, how, and what happens when nobody answers. */
export function RulesPage() {
  const { t } = useTranslation(['notifications', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const fields = useFields();
  const editor = useHasRole(NOTIFY_EDITORS);
  const remove = useEndpointMutation(notificationEndpoints.remove, { invalidates: NOTIFY_READS });
  const open = (to: string) => ({
    href: to,
    onClick: (e: { preventDefault: () => void }) => (e.preventDefault(), void navigate(to)),
  });
  return (
    <ListPage
      area="notifications"
      resource="rules"
      endpoint={notificationEndpoints.rules}
      rowKey="id"
      title={t('rules.title')}
      exportName="notification-rules"
      toolbar={
        editor ? (
          <RuleDialog
            trigger={
              <Button type="primary" icon={<PlusOutlined />}>
                {t('create')}
              </Button>
            }
          />
        ) : null
      }
      filters={fields.filters(['keyword'])}
      columns={[
        {
          key: 'name',
          title: t('name'),
          exportValue: (row) => row.name,
          render: (_, row) => (
            <Button type="link" {...open(href(notificationScreens.rule, { id: row.id }))}>
              {row.name}
            </Button>
          ),
        },
        ...fields.columns(['enabled', 'events', 'selects', 'channels', 'steps', 'quietHours', 'sent']),
        {
          key: 'failed',
          title: t('failed'),
          exportValue: (row) => row.failed,
          render: (_, row) =>
            row.failed > 0 ? (
              <a {...open(`${href(notificationScreens.log, { ruleId: row.id })}&state=failed`)}>
                <Tag color="red">{t('failedCount', { count: row.failed })}</Tag>
              </a>
            ) : (
              0
            ),
        },
        ...fields.columns(['updatedAt', 'updatedByName']),
        {
          key: 'actions',
          title: t('common:actions'),
          noExport: true,
          render: (_, row) =>
            editor ? (
              <Space size={0}>
                <Button type="link" size="small" {...open(href(notificationScreens.rule, { id: row.id }))}>
                  {t('common:edit')}
                </Button>
                <ConfirmButton
                  type="link"
                  size="small"
                  danger
                  title={t('deleteConfirm', { name: row.name })}
                  description={t('deleteHint')}
                  onConfirm={async () => {
                    await remove.mutateAsync({ body: { id: row.id } });
                    void message.success(t('deleted'));
                  }}
                >
                  {t('common:delete')}
                </ConfirmButton>
              </Space>
            ) : null,
        },
      ]}
    />
  );
}
