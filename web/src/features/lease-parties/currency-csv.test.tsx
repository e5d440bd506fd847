// First: the globals the console's modules read as they load.
import '../../test/node-globals.ts';
import { beforeAll, describe, it } from 'vitest';
import type { RenterRow } from '@console/contract/http/lease-parties';
import { initI18n } from '../../lib/i18n.ts';
import { csvOf, expectCurrencyColumn, inBoth } from '../../test/list-csv.tsx';
import { RENTER_COLUMNS, useRenterFields } from './fields.tsx';

const at = '2026-11-30 10:00:00';

/** The CSV of the operator's list, which holds the Chinese companies' records beside Northwind's (decision 064). */
describe('the CSV of records in several currencies', () => {
  beforeAll(() => {
    initI18n();
  });

  it('names each row’s currency beside its plain amounts: the renter list', async () => {
    await expectCurrencyColumn(
      () =>
        csvOf(
          useRenterFields,
          RENTER_COLUMNS,
          inBoth<RenterRow>({
            id: 2,
            name: 'Renter',
            identityType: 2,
            idNumber: '',
            realNameState: 'none',
            contactName: 'Li',
            areaCode: '',
            contactPhone: '',
            province: '',
            city: '',
            district: '',
            address: '1 Road',
            arrearsCents: 120_000,
            contractCount: 1,
            lessorName: 'Lessor',
            createdAt: at,
            editable: false,
            deletable: false,
          }),
        ),
      '1200.00',
    );
  });
});
