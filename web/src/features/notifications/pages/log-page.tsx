import { App, Button, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DELIVERY_STATE,
  NOTIFY_CHANNEL,
  NOTIFY_EVENTS,
  notificationEndpoints,
  SYSTEM_EVENTS,
  type DeliveryRow,
} from '@console/contract/http/notifications';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { defineFields } from '../../../components/fields.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { NOTIFY_READS } from '../reads.ts';

const useFields = defineFields<DeliveryRow>()('notifications', {
  createdAt: { label: 'createdAt', kind: 'moment' },
  ruleName: { label: 'rule', value: (row, { t }) => row.ruleName || t(`systemEvents.${row.event}`) },
  event: {
    label: 'event',
    value: (row, { t }) => t(row.ruleId === null ? `systemEvents.${row.event}` : `events.${row.event}`),
    filter: {
      input: ({ t }) => (
        <Select
          allowClear
          style={{ width: 160 }}
          popupMatchSelectWidth={false}
          options={[
            ...NOTIFY_EVENTS.map((e) => ({ value: e, label: t(`events.${e}`) })),
            // The texts the console sends of itself are in the same log (fence contacts, reminders, invitations).
            ...SYSTEM_EVENTS.map((e) => ({ value: e, label: t(`systemEvents.${e}`) })),
          ]}
        />
      ),
    },
  },
  title: { label: 'titleColumn' },
  step: { label: 'step', value: (row) => String(row.step + 1) },
  channel: { label: 'channel', kind: 'code', table: NOTIFY_CHANNEL, filter: { width: 120 } },
  recipient: { label: 'recipient' },
  address: { label: 'address', defaultHidden: true },
  state: { label: 'state', kind: 'code', table: DELIVERY_STATE, filter: { width: 120 } },
  attempts: { label: 'attempts', kind: 'number' },
  answer: { label: 'answer' },
  sentAt: { label: 'sentAt', kind: 'moment' },
  secondsToDelivery: {
    label: 'secondsToDelivery',
    value: (row) => (row.secondsToDelivery === null ? '' : row.secondsToDelivery.toFixed(1)),
  },
  acknowledgedAt: { label: 'acknowledgedAt', kind: 'moment' },
  acknowledgedBy: { label: 'acknowledgedBy' },
  keyword: {
    label: 'keyword',
    filter: { placeholder: 'logKeywordPlaceholder', maxLength: 40, input: () => <Input allowClear maxLength={40} /> },
  },
});

function Acknowledge({ row }: { row: DeliveryRow }) {
  const { t } = useTranslation('notifications');
  const { message } = App.useApp();
  const ack = useEndpointMutation(notificationEndpoints.acknowledge, { invalidates: NOTIFY_READS, silent: true });
  return (
    <ConfirmButton
      type="link"
      size="small"
      title={t('ackConfirm')}
      description={t('ackHint')}
      onConfirm={async () => {
        await ack.mutateAsync({ body: { notificationId: row.notificationId } });
        void message.success(t('acknowledged'));
      }}
    >
      {t('acknowledge')}
    </ConfirmButton>
  );
}

/** /warning/notifyLog: every message sent, with its attempts, the provider's answer and its acknowledgement. */
export function LogPage() {
  const { t } = useTranslation(['notifications', 'common']);
  const fields = useFields();
  return (
    <ListPage
      area="notifications"
      resource="deliveries"
      endpoint={notificationEndpoints.deliveries}
      rowKey="id"
      title={t('log.title')}
      exportName="notification-log"
      filters={fields.filters(['channel', 'state', 'event', 'keyword'])}
      columns={[
        ...fields.columns([
          'createdAt',
          'ruleName',
          'event',
          'title',
          'step',
          'channel',
          'recipient',
          'address',
          'state',
          'attempts',
          'answer',
          'sentAt',
          'secondsToDelivery',
          'acknowledgedAt',
          'acknowledgedBy',
        ]),
        {
          key: 'actions',
          title: t('common:actions'),
          noExport: true,
          render: (_, row) =>
            row.acknowledgeable ? (
              <Acknowledge row={row} />
            ) : (
              <Button type="text" size="small" disabled>
                -
              </Button>
            ),
        },
      ]}
    />
  );
}
