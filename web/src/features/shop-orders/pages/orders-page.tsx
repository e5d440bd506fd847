import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { shopOrderEndpoints } from '@console/contract/http/shop-orders';
import { shopOrderScreens } from '@console/contract/screens/shop-orders';
import { ListPage } from '../../../components/list-page.tsx';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { useIsBuyer } from '../api.ts';
import { CheckoutDialog } from '../components/checkout-dialog.tsx';
import { OrderActions } from '../components/order-actions.tsx';
import { OrderDrawer } from '../components/order-drawer.tsx';
import { SHOP_ORDER_COLUMNS, useShopOrderFields } from '../fields.tsx';

/**
 * /productCenter/order: the shop orders in scope (bought, sold, or a distributor's customers'), filtered by state,
 * side, keyword and day, paged by the server, exported as CSV; a buyer places an order; `id` opens one with its
 * timeline (the provider's pay page sends the payer back there).
 */
export function OrdersPage() {
  const { t } = useTranslation(['shop-orders', 'common']);
  const fields = useShopOrderFields();
  const { query, update } = useScreenQuery(shopOrderScreens.order);
  const buyer = useIsBuyer();
  return (
    <Card>
      <ListPage
        area="shop-orders"
        resource="list"
        endpoint={shopOrderEndpoints.list}
        rowKey="id"
        title={t('title')}
        exportName={t('exportName')}
        filters={fields.filters(['state', 'side', 'keyword', 'from', 'to'])}
        toolbar={buyer && <CheckoutDialog onPlaced={(id) => update({ id })} />}
        columns={[
          ...fields.columns(SHOP_ORDER_COLUMNS, {
            number: {
              render: (_, row) => (
                <Button type="link" size="small" onClick={() => update({ id: row.id })}>
                  {row.number}
                </Button>
              ),
            },
          }),
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_, row) => <OrderActions order={row} />,
          },
        ]}
      />
      <OrderDrawer orderId={query.id ?? null} onClose={() => update({ id: undefined })} />
    </Card>
  );
}
