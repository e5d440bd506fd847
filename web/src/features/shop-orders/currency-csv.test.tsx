// First: the globals the console's modules read as they load.
import '../../test/node-globals.ts';
import { beforeAll, describe, it } from 'vitest';
import type { ShopOrderRow } from '@console/contract/http/shop-orders';
import { initI18n } from '../../lib/i18n.ts';
import { csvOf, expectCurrencyColumn, inBoth } from '../../test/list-csv.tsx';
import { SHOP_ORDER_COLUMNS, useShopOrderFields } from './fields.tsx';

const at = '2026-11-30 10:00:00';

/** The CSV of the operator's list, which holds the Chinese companies' records beside Northwind's (decision 064). */
describe('the CSV of records in several currencies', () => {
  beforeAll(() => {
    initI18n();
  });

  it('names each row’s currency beside its plain amounts: the order list', async () => {
    await expectCurrencyColumn(
      () =>
        csvOf(
          useShopOrderFields,
          SHOP_ORDER_COLUMNS,
          inBoth<ShopOrderRow>({
            number: 'SO-1',
            state: 'paid',
            productName: 'Card',
            spec: '1 year',
            quantity: 1,
            amountCents: 120_000,
            discountCents: 0,
            payCents: 120_000,
            paidCents: 120_000,
            paidAt: at,
            creditCents: 0,
            createdAt: at,
          } as unknown as Omit<ShopOrderRow, 'money'>),
        ),
      '1200.00',
    );
  });
});
