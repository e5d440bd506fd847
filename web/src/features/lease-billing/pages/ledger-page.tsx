import { useState } from 'react';
import { Button, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { ListPage } from '../../../components/list-page.tsx';
import { BillDrawer } from '../components/bill-drawer.tsx';
import { LEDGER_COLUMNS, useLedgerFields } from '../fields.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { DepositsHeld } from '../../deposits/index.ts';

/**
 * /financeCenter/billRecord: the bill record ledger, every bill, receipt and void with the customer's balance after
 * it; filtered by customer, type and day range, exported as CSV. A bill's row opens the bill with its lines.
 */
export function LedgerPage() {
  const { t } = useTranslation(['lease-billing', 'common']);
  const fields = useLedgerFields();
  const [billId, setBillId] = useState<number | null>(null);
  const { params } = useListParams();
  return (
    <>
      {/* The renter's statement: deposits held beside the balance of rent, never in it (decision 073). */}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <DepositsHeld renterId={params.renterId ? Number(params.renterId) : undefined} />
      </Row>
      <ListPage
        area="lease-billing"
        resource="ledger"
        endpoint={billingEndpoints.ledger}
        rowKey="id"
        title={t('ledger.title')}
        exportName={t('ledger.exportName')}
        filters={fields.filters(['renterId', 'type', 'from', 'to'])}
        columns={[
          ...fields.columns(LEDGER_COLUMNS),
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_, row) =>
              row.billId !== null && (
                <Button type="link" size="small" onClick={() => setBillId(row.billId)}>
                  {t('ledger.openBill')}
                </Button>
              ),
          },
        ]}
      />
      <BillDrawer billId={billId} onClose={() => setBillId(null)} />
    </>
  );
}
