// First: the globals the console's modules read as they load.
import '../../test/node-globals.ts';
import { beforeAll, describe, it } from 'vitest';
import type { CouponRow } from '@console/contract/http/coupons';
import { initI18n } from '../../lib/i18n.ts';
import { csvOf, expectCurrencyColumn, inBoth } from '../../test/list-csv.tsx';
import { COUPON_COLUMNS, useCouponFields } from './fields.tsx';

const at = '2026-11-30 10:00:00';

/** The CSV of the operator's list, which holds the Chinese companies' records beside Northwind's (decision 064). */
describe('the CSV of records in several currencies', () => {
  beforeAll(() => {
    initI18n();
  });

  it('names each row’s currency beside its plain amounts: the coupon list', async () => {
    await expectCurrencyColumn(
      () =>
        csvOf(
          useCouponFields,
          COUPON_COLUMNS,
          inBoth<CouponRow>({
            name: 'Autumn',
            type: 'cash',
            faceValueCents: 5_000,
            discount: null,
            category: 'all',
            minSpendCents: 120_000,
            issueFrom: '2026-11-01',
            issueTo: '2026-11-30',
            issueState: 'issuing',
            total: 10,
            remaining: 5,
            received: 5,
            used: 1,
            expired: 0,
            perUserLimit: 1,
            validHours: 24,
            orgName: 'Lessor',
            createdByName: 'Li',
            createdAt: at,
          } as unknown as Omit<CouponRow, 'money'>),
        ),
      '1200.00',
    );
  });
});
