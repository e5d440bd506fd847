// First: the globals the console's modules read as they load.
import '../../test/node-globals.ts';
import { beforeAll, describe, it } from 'vitest';
import type { ContractRow } from '@console/contract/http/lease-contracts';
import { initI18n } from '../../lib/i18n.ts';
import { csvOf, expectCurrencyColumn, inBoth } from '../../test/list-csv.tsx';
import { CONTRACT_LIST_COLUMNS, useContractFields } from './fields.tsx';

const at = '2026-11-30 10:00:00';

/** The CSV of the operator's list, which holds the Chinese companies' records beside Northwind's (decision 064). */
describe('the CSV of records in several currencies', () => {
  beforeAll(() => {
    initI18n();
  });

  it('names each row’s currency beside its plain amounts: the contract list', async () => {
    await expectCurrencyColumn(
      () =>
        csvOf(
          useContractFields,
          CONTRACT_LIST_COLUMNS,
          inBoth<ContractRow>({
            id: 1,
            number: 'HT-1',
            status: 5,
            renterId: 2,
            renterName: 'Renter',
            storeName: 'Store',
            salespersonName: 'Wang',
            siteAddress: '1 Road',
            site: '1 Road',
            startOn: '2026-11-01',
            endOn: '2026-11-30',
            totalCents: 120_000,
            businessModels: [],
            machineCount: 1,
            createdAt: at,
            actions: [],
            editable: false,
          }),
        ),
      '1200.00',
    );
  });
});
