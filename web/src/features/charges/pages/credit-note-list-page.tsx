import { useState } from 'react';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { chargeEndpoints } from '@console/contract/http/charges';
import { ListPage } from '../../../components/list-page.tsx';
import { useListTotals } from '../../../components/use-list-totals.ts';
import { recordMoneyText } from '../../../lib/money.ts';
import { BillDrawer } from '../../lease-billing/index.ts';
import { CREDIT_NOTE_COLUMNS, useCreditNoteFields } from './credit-note-fields.tsx';

const FILTERS = ['keyword', 'renterId', 'from', 'to'] as const;

/**
 * /leaseCenter/creditNotes: every credit note the user sees (decision 074), newest first, filtered by number, renter
 * and issue days, with what the filtered notes credit together; exported as CSV. A note's bill opens in its drawer.
 */
export function CreditNoteListPage() {
  const { t } = useTranslation(['charges', 'common']);
  const fields = useCreditNoteFields();
  const [billId, setBillId] = useState<number | null>(null);
  return (
    <>
      <ListPage
        area="charges"
        resource="creditNotes"
        endpoint={chargeEndpoints.creditList}
        rowKey="id"
        title={t('credit.listTitle')}
        exportName={t('credit.exportName')}
        toolbar={<CreditTotals />}
        filters={fields.filters([...FILTERS])}
        columns={[
          ...fields.columns(CREDIT_NOTE_COLUMNS),
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_, row) => (
              <Button
                type="link"
                size="small"
                onClick={() => setBillId(row.billId)}
                data-testid={`open-bill-${row.billId}`}
              >
                {t('credit.openBill')}
              </Button>
            ),
          },
        ]}
      />
      <BillDrawer billId={billId} onClose={() => setBillId(null)} />
    </>
  );
}

/** What the notes the filters find credit together, per currency (the list's own answer, its first row only). */
function CreditTotals() {
  const { t } = useTranslation('charges');
  const query = useListTotals(chargeEndpoints.creditList, FILTERS);
  const totals = query.data?.totals ?? [];
  if (totals.length === 0) return null;
  return (
    <Typography.Text data-testid="credit-totals">
      {t('credit.totals')}: {totals.map((x) => recordMoneyText(x.cents, x.money)).join(' · ')}
    </Typography.Text>
  );
}
