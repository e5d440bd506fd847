import { Descriptions, Drawer, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { shopOrderEndpoints } from '@console/contract/http/shop-orders';
import { QueryState } from '../../../components/query-state.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useShopOrderFields } from '../fields.tsx';
import { OrderActions } from './order-actions.tsx';

/**
 * A shop order with its timeline. While it is charging it is read again every few seconds: the provider's
 * notification moves it on the server, and the drawer shows it without a reload.
 */
export function OrderDrawer({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation('shop-orders');
  const fields = useShopOrderFields();
  const query = useQuery({
    ...endpointQuery(shopOrderEndpoints.detail, { id: orderId ?? 0 }),
    enabled: !!orderId,
    refetchInterval: (q) => (q.state.data?.order.state === 'charging' ? 3000 : false),
  });
  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      width={760}
      title={t('detailTitle')}
      extra={query.data && <OrderActions order={query.data.order} />}
    >
      <QueryState query={query}>
        {({ order, events }) => (
          <>
            <Descriptions
              column={2}
              bordered
              size="small"
              items={fields.descriptions(order, [
                'number',
                'state',
                'productName',
                'spec',
                'quantity',
                'unitCents',
                'amountCents',
                'discountCents',
                'payCents',
                'paidCents',
                'paidAt',
                'paymentReference',
                'buyerOrgName',
                'buyerName',
                'sellerName',
                'receiver',
                'receiverPhone',
                'address',
                'courierNumber',
                'serials',
                'shippedAt',
                'receivedAt',
                'completedAt',
                'distributorName',
                'creditCents',
                'createdAt',
              ])}
            />
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('timeline')}
            </Typography.Title>
            <Timeline
              items={events.map((e) => ({
                key: e.id,
                children: (
                  <>
                    <Typography.Text>{e.text}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary">
                      {e.at}
                      {e.actorName ? ` · ${e.actorName}` : ''}
                    </Typography.Text>
                  </>
                ),
              }))}
            />
          </>
        )}
      </QueryState>
    </Drawer>
  );
}
