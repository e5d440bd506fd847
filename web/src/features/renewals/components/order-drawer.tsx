import { Descriptions, Drawer, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { renewalEndpoints } from '@console/contract/http/renewals';
import { formatMoney } from '@console/contract/codes/money';
import { QueryState } from '../../../components/query-state.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useOrderFields } from '../fields.tsx';
import { OrderActions } from './order-actions.tsx';

/** A renewal order: its terms and each machine or card with its expiry before and after. */
export function OrderDrawer({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation('renewals');
  const fields = useOrderFields();
  const query = useQuery({ ...endpointQuery(renewalEndpoints.detail, { id: orderId ?? 0 }), enabled: !!orderId });
  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      width={720}
      title={t('order.detailTitle')}
      extra={query.data && <OrderActions order={query.data.order} />}
    >
      <QueryState query={query}>
        {({ order, lines }) => (
          <>
            <Descriptions
              column={2}
              bordered
              size="small"
              items={fields.descriptions(order, [
                'number',
                'state',
                'kind',
                'ownerName',
                'months',
                'totalCents',
                'currency',
                'paymentReference',
                'failure',
                'note',
                'createdByName',
                'createdAt',
                'settledByName',
                'settledAt',
              ])}
            />
            <Table
              style={{ marginTop: 16 }}
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={lines}
              columns={[
                { key: 'label', title: t('item.label'), dataIndex: 'label' },
                {
                  key: 'price',
                  title: t('order.price'),
                  align: 'right',
                  render: (_, l) => formatMoney(l.priceCents, order.money),
                },
                { key: 'previous', title: t('order.previousExpiry'), render: (_, l) => l.previousExpiry || '-' },
                { key: 'next', title: t('order.newExpiry'), render: (_, l) => l.newExpiry || '-' },
                {
                  key: 'unlocked',
                  title: t('order.unlocked'),
                  render: (_, l) => l.unlocked && <Tag color="green">{t('order.unlockSent')}</Tag>,
                },
              ]}
            />
          </>
        )}
      </QueryState>
    </Drawer>
  );
}
