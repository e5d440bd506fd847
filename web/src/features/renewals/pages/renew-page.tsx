import { useState } from 'react';
import { Button, Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { renewalEndpoints } from '@console/contract/http/renewals';
import { renewalScreens } from '@console/contract/screens/renewals';
import { ListPage } from '../../../components/list-page.tsx';
import { usePageSearch, useScreenQuery } from '../../../lib/screen-query.ts';
import { OrderActions } from '../components/order-actions.tsx';
import { OrderDrawer } from '../components/order-drawer.tsx';
import { PricesDialog } from '../components/prices-dialog.tsx';
import { RenewDialog } from '../components/renew-dialog.tsx';
import { useItemFields, useOrderFields } from '../fields.tsx';

/** Machines or SIM cards by renewal window; renew one, or those selected. */
function ItemsTab() {
  const { t } = useTranslation(['renewals', 'common']);
  const fields = useItemFields();
  const kind = usePageSearch().params.get('kind') === 'sim' ? 'sim' : 'device';
  const machine = kind === 'device';
  return (
    <ListPage
      area="renewals"
      resource={`items-${kind}`}
      endpoint={renewalEndpoints.items}
      rowKey="id"
      exportName={t('item.exportName')}
      filters={fields.filters(['kind', 'expiry', 'keyword'])}
      toolbar={<PricesDialog />}
      selectable={(row) => !row.pendingNumber}
      batchActionsAlways
      batchActions={(rows, clear) => (
        <RenewDialog
          kind={kind}
          items={rows}
          onDone={clear}
          trigger={
            <Button type="primary" disabled={rows.length === 0}>
              {t('renew.selected', { count: rows.length })}
            </Button>
          }
        />
      )}
      columns={[
        ...fields.columns([
          'label',
          'detail',
          'ownerName',
          'serviceExpiresAt',
          ...(machine ? (['status', 'lockLevel'] as const) : []),
          'pendingNumber',
          'lastRenewedAt',
        ]),
        {
          key: 'actions',
          title: t('common:actions'),
          noExport: true,
          render: (_, row) =>
            !row.pendingNumber && (
              <RenewDialog
                kind={kind}
                items={[row]}
                trigger={
                  <Button type="link" size="small">
                    {t('renew.action')}
                  </Button>
                }
              />
            ),
        },
      ]}
    />
  );
}

/** The renewal orders, the history: pay or cancel what waits, open one for its machines and expiries. */
function OrdersTab({ itemId }: { itemId?: number }) {
  const { t } = useTranslation(['renewals', 'common']);
  const fields = useOrderFields();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ListPage
        area="renewals"
        resource="orders"
        endpoint={renewalEndpoints.list}
        rowKey="id"
        exportName={t('order.exportName')}
        fixedQuery={itemId ? { itemId } : undefined}
        filters={fields.filters(['state', 'kind', 'keyword', 'from', 'to'])}
        columns={[
          ...fields.columns(
            [
              'number',
              'state',
              'kind',
              'ownerName',
              'months',
              'itemCount',
              'labels',
              'totalCents',
              'currency',
              'paymentReference',
              'failure',
              'note',
              'createdByName',
              'createdAt',
              'settledByName',
              'settledAt',
            ],
            {
              number: {
                render: (_, row) => (
                  <Button type="link" size="small" onClick={() => setOpen(row.id)}>
                    {row.number}
                  </Button>
                ),
              },
            },
          ),
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_, row) => <OrderActions order={row} />,
          },
        ]}
      />
      <OrderDrawer orderId={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** /financeCenter/renewDevice: renew the connectivity service of machines and SIM cards, and its history. */
export function RenewPage() {
  const { t } = useTranslation('renewals');
  const { query } = useScreenQuery(renewalScreens.renewDevice);
  const { params, update } = usePageSearch();
  const tab = query.tab ?? (query.itemId ? 'orders' : 'items');
  return (
    <Card>
      <Tabs
        activeKey={tab}
        // A tab's filters are its own: switching starts the other list afresh.
        onChange={(next) => update({ ...Object.fromEntries([...params.keys()].map((k) => [k, undefined])), tab: next })}
        items={[
          { key: 'items', label: t('tabs.items') },
          { key: 'orders', label: t('tabs.orders') },
        ]}
      />
      {tab === 'items' ? <ItemsTab /> : <OrdersTab itemId={query.itemId} />}
    </Card>
  );
}
