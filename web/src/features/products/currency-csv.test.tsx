// First: the globals the console's modules read as they load.
import '../../test/node-globals.ts';
import { beforeAll, describe, it } from 'vitest';
import type { LeasePriceRow, ProductRow } from '@console/contract/http/products';
import { initI18n } from '../../lib/i18n.ts';
import { csvOf, expectCurrencyColumn, inBoth } from '../../test/list-csv.tsx';
import { LEASE_PRICE_COLUMNS, PRODUCT_COLUMNS, useLeasePriceFields, useProductFields } from './fields.tsx';

const at = '2026-11-30 10:00:00';

/** The CSV of the operator's list, which holds the Chinese companies' records beside Northwind's (decision 064). */
describe('the CSV of records in several currencies', () => {
  beforeAll(() => {
    initI18n();
  });

  it('names each row’s currency beside its plain amounts: the product list', async () => {
    await expectCurrencyColumn(
      () =>
        csvOf(
          useProductFields,
          PRODUCT_COLUMNS,
          inBoth<ProductRow>({
            image: '',
            name: 'Card',
            category: 'iot',
            spec: '1 year',
            amountCents: 120_000,
            keyAttributes: '',
            otherAttributes: '',
            salesAttributes: '',
            shares: [],
            orgName: 'Lessor',
            updatedAt: at,
          } as unknown as Omit<ProductRow, 'money'>),
        ),
      '1200.00',
    );
  });

  it('names each row’s currency beside its plain amounts: the lease price list', async () => {
    await expectCurrencyColumn(
      () =>
        csvOf(
          useLeasePriceFields,
          LEASE_PRICE_COLUMNS,
          inBoth<LeasePriceRow>({
            id: 1,
            modelId: 2,
            modelName: 'Scissor lift',
            businessModel: 22,
            dayCents: 4_000,
            monthCents: 120_000,
            orgName: 'Lessor',
            updatedAt: at,
            editable: false,
          }),
        ),
      '1200.00',
    );
  });
});
