import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { payableEndpoints } from '@console/contract/http/payables';
import { ListPage } from '../../../components/list-page.tsx';
import { useListTotals } from '../../../components/use-list-totals.ts';
import { recordMoneyText } from '../../../lib/money.ts';
import { PayableDrawer } from '../components/payable-drawer.tsx';
import { PAYABLE_COLUMNS, usePayableFields } from '../fields.tsx';

const FILTERS = ['keyword', 'state', 'sublessorId', 'fromMonth', 'toMonth', 'overdue'] as const;

/**
 * /leaseCenter/payables: what the company owes its sub-lessors (decision 079), a payable per sub-lease and month, the
 * latest month first, filtered by state, sub-lessor, months and overdue, with what the filtered payables owe, paid and
 * still owe per currency; exported as CSV. A payable's row opens its drawer with its payments.
 */
export function PayableListPage() {
  const { t } = useTranslation(['payables', 'common']);
  const fields = usePayableFields();
  const [payableId, setPayableId] = useState<number | null>(null);
  return (
    <>
      <ListPage
        area="payables"
        resource="payables"
        endpoint={payableEndpoints.list}
        rowKey="id"
        title={t('title')}
        exportName={t('exportName')}
        toolbar={<PayableTotals />}
        filters={fields.filters([...FILTERS])}
        columns={[
          ...fields.columns(PAYABLE_COLUMNS),
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_, row) => (
              <Button
                type="link"
                size="small"
                onClick={() => setPayableId(row.id)}
                data-testid={`open-payable-${row.id}`}
              >
                {t('open')}
              </Button>
            ),
          },
        ]}
      />
      <PayableDrawer payableId={payableId} onClose={() => setPayableId(null)} />
    </>
  );
}

/** What the payables the filters find owe, paid and still owe together, per currency (the list's own answer). */
function PayableTotals() {
  const { t } = useTranslation('payables');
  const query = useListTotals(payableEndpoints.list, FILTERS);
  const totals = query.data?.totals;
  if (!totals || totals.amount.length === 0) return null;
  const text = (list: typeof totals.amount) => list.map((x) => recordMoneyText(x.cents, x.money)).join(' · ');
  return (
    <Space size="large" data-testid="payable-totals">
      <Typography.Text>
        {t('totals.amount')}: {text(totals.amount)}
      </Typography.Text>
      <Typography.Text>
        {t('totals.paid')}: {text(totals.paid)}
      </Typography.Text>
      <Typography.Text strong>
        {t('totals.outstanding')}: {text(totals.outstanding)}
      </Typography.Text>
    </Space>
  );
}
