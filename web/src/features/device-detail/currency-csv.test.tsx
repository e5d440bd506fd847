// First: the globals the console's modules read as they load.
import '../../test/node-globals.ts';
import { beforeAll, describe, it } from 'vitest';
import type { ExpenseItem } from '@console/contract/http/device-records';
import { initI18n } from '../../lib/i18n.ts';
import { csvOf, expectCurrencyColumn, inBoth } from '../../test/list-csv.tsx';
import { EXPENSE_LEDGER_COLUMNS, useExpenseFields } from './fields.tsx';

/** The CSV of the operator's list, which holds the Chinese companies' records beside Northwind's (decision 064). */
describe('the CSV of records in several currencies', () => {
  beforeAll(() => {
    initI18n();
  });

  it('names each row’s currency beside its plain amounts: the expense ledger', async () => {
    await expectCurrencyColumn(
      () =>
        csvOf(
          useExpenseFields,
          EXPENSE_LEDGER_COLUMNS,
          inBoth<ExpenseItem>({
            date: '2026-11-30',
            serialNumber: 'SN-1',
            hostName: 'Lift',
            ownerName: 'Lessor',
            type: 'maintenance',
            amountCents: 120_000,
            remark: '',
            createdBy: 'Li',
          } as unknown as Omit<ExpenseItem, 'money'>),
        ),
      '1200.00',
    );
  });
});
