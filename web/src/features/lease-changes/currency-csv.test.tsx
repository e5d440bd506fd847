// First: the globals the console's modules read as they load.
import '../../test/node-globals.ts';
import { beforeAll, describe, it } from 'vitest';
import type { ChangeRow } from '@console/contract/http/lease-changes';
import { initI18n } from '../../lib/i18n.ts';
import { csvOf, expectCurrencyColumn, inBoth } from '../../test/list-csv.tsx';
import { CHANGE_COLUMNS, useChangeFields } from './fields.tsx';

/** The CSV of the operator's list, which holds the Chinese companies' records beside Northwind's (decision 064). */
describe('the CSV of records in several currencies', () => {
  beforeAll(() => {
    initI18n();
  });

  it('names each row’s currency beside its plain amounts: the contract change record', async () => {
    await expectCurrencyColumn(
      () =>
        csvOf(
          useChangeFields,
          CHANGE_COLUMNS,
          inBoth<ChangeRow>({
            id: 1,
            number: 'BG-1',
            status: 8,
            contractId: 2,
            contractNumber: 'HT-1',
            renterName: 'Renter',
            effectiveOn: '2026-11-01',
            endOn: '2026-12-31',
            movesEnd: false,
            kinds: ['add'],
            lineCount: 1,
            totalCents: 120_000,
            createdByName: 'Li',
            createdAt: '2026-11-30 10:00:00',
            actions: [],
            editable: false,
          }),
        ),
      '1200.00',
    );
  });
});
