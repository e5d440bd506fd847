// First: the globals the console's modules read as they load.
import '../../test/node-globals.ts';
import { beforeAll, describe, it } from 'vitest';
import type { ArrearsRow, LedgerRowData, ReceiptRow } from '@console/contract/http/lease-billing';
import { initI18n } from '../../lib/i18n.ts';
import { csvOf, expectCurrencyColumn, inBoth } from '../../test/list-csv.tsx';
import {
  ARREARS_COLUMNS,
  LEDGER_COLUMNS,
  RECEIPT_COLUMNS,
  useArrearsFields,
  useLedgerFields,
  useReceiptFields,
} from './fields.tsx';

const at = '2026-11-30 10:00:00';

/** The CSV of the operator's list, which holds the Chinese companies' records beside Northwind's (decision 064). */
describe('the CSV of records in several currencies', () => {
  beforeAll(() => {
    initI18n();
  });

  it('names each row’s currency beside its plain amounts: the receipt history', async () => {
    await expectCurrencyColumn(
      () =>
        csvOf(
          useReceiptFields,
          RECEIPT_COLUMNS,
          inBoth<ReceiptRow>({
            id: 1,
            renterId: 2,
            renterName: 'Renter',
            amountCents: 120_000,
            allocatedCents: 120_000,
            method: 'transfer',
            reference: 'R-1',
            receivedOn: '2026-11-30',
            note: '',
            voided: false,
            voidReason: '',
            voidedAt: '',
            voidedByName: '',
            createdByName: 'Li',
            createdAt: at,
            lessorName: 'Lessor',
            allocations: [],
            voidable: false,
          } as Omit<ReceiptRow, 'money'>),
        ),
      '1200.00',
    );
  });

  it('names each row’s currency beside its plain amounts: the bill record', async () => {
    await expectCurrencyColumn(
      () =>
        csvOf(
          useLedgerFields,
          LEDGER_COLUMNS,
          inBoth<LedgerRowData>({
            renterName: 'Renter',
            type: 'receipt',
            subject: 'R-1',
            detail: 'transfer',
            amountCents: 120_000,
            balanceCents: 0,
            day: '2026-11-30',
            createdAt: at,
            lessorName: 'Lessor',
          } as Omit<LedgerRowData, 'money'>),
        ),
      '1200.00',
    );
  });

  it('names each row’s currency beside its plain amounts: the arrears list', async () => {
    await expectCurrencyColumn(
      () =>
        csvOf(
          useArrearsFields,
          ARREARS_COLUMNS,
          inBoth<ArrearsRow>({
            renterName: 'Renter',
            contractId: 1,
            contractNumber: 'HT-1',
            overdueCents: 120_000,
            bills: 1,
            oldestDueOn: '2026-11-01',
            daysOverdue: 29,
            step: -1,
            exempt: false,
            exemptReason: '',
            lessorName: 'Lessor',
          } as Omit<ArrearsRow, 'money'>),
        ),
      '1200.00',
    );
  });
});
