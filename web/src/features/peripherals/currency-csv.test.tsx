// First: the globals the console's modules read as they load.
import '../../test/node-globals.ts';
import { beforeAll, describe, it } from 'vitest';
import type { AssetHost } from '@console/contract/http/accessories';
import { initI18n } from '../../lib/i18n.ts';
import { csvOf, expectCurrencyColumn, inBoth } from '../../test/list-csv.tsx';
import { ASSET_HOST_COLUMNS, useAssetHostFields } from './fields.tsx';

/** The CSV of the operator's list, which holds the Chinese companies' records beside Northwind's (decision 064). */
describe('the CSV of records in several currencies', () => {
  beforeAll(() => {
    initI18n();
  });

  it('names each row’s currency beside its plain amounts: the accessories’ hosts', async () => {
    await expectCurrencyColumn(
      () =>
        csvOf(
          useAssetHostFields,
          ASSET_HOST_COLUMNS,
          inBoth<AssetHost>({
            deviceId: 1,
            serialNumber: 'S-1',
            hostName: 'Lift',
            ownerName: 'Lessor',
            purchase: {
              originalValueCents: 120_000,
              salvageMode: 'percentage',
              salvageRate: 10,
              salvageValueCents: 12_000,
              purchasedAt: '2026-01-05',
              photos: [],
              documents: [],
            },
            accessoryCount: 1,
            accessoryValueCents: 5_000,
            editable: false,
          }),
        ),
      '1200.00',
    );
  });
});
