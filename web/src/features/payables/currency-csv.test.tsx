// First: the globals the console's modules read as they load.
import '../../test/node-globals.ts';
import { beforeAll, describe, it } from 'vitest';
import type { PayableRow } from '@console/contract/http/payables';
import { initI18n } from '../../lib/i18n.ts';
import { csvOf, expectCurrencyColumn, inBoth } from '../../test/list-csv.tsx';
import { PAYABLE_COLUMNS, usePayableFields } from './fields.tsx';

/** The CSV of the operator's finance, which reads the Chinese companies' payables beside Northwind's (decision 064). */
describe('the CSV of payables in several currencies', () => {
  beforeAll(() => {
    initI18n();
  });

  it('names each row’s currency beside its plain amounts', async () => {
    await expectCurrencyColumn(
      () =>
        csvOf(
          usePayableFields,
          PAYABLE_COLUMNS,
          inBoth<PayableRow>({
            id: 1,
            number: 'YF-ZL-20261101-0001-202611',
            subleaseId: 2,
            subleaseNumber: 'ZL-20261101-0001',
            sublessorId: 3,
            sublessorName: 'Sub-lessor',
            deviceId: 4,
            serialNumber: 'S-1',
            month: '2026-11',
            fromOn: '2026-11-01',
            toOn: '2026-11-30',
            amountCents: 120_000,
            paidCents: 0,
            outstandingCents: 120_000,
            state: 'open',
            issuedOn: '2026-12-01',
            dueOn: '2026-12-15',
            overdue: false,
            lessorName: 'Lessor',
          }),
        ),
      '1200.00',
    );
  });
});
