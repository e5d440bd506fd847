// First: the globals the console's modules read as they load.
import '../../test/node-globals.ts';
import { beforeAll, describe, it } from 'vitest';
import type { SubleaseRow, SublessorRow } from '@console/contract/http/lease-sublease';
import { initI18n } from '../../lib/i18n.ts';
import { csvOf, expectCurrencyColumn, inBoth } from '../../test/list-csv.tsx';
import { SUBLEASE_COLUMNS, SUBLESSOR_COLUMNS, useSubleaseFields, useSublessorFields } from './fields.tsx';

const at = '2026-11-30 10:00:00';

/** The CSV of the operator's list, which holds the Chinese companies' records beside Northwind's (decision 064). */
describe('the CSV of records in several currencies', () => {
  beforeAll(() => {
    initI18n();
  });

  it('names each row’s currency beside its plain amounts: the sub-lessors', async () => {
    await expectCurrencyColumn(
      () =>
        csvOf(
          useSublessorFields,
          SUBLESSOR_COLUMNS,
          inBoth<SublessorRow>({
            id: 1,
            name: 'Sub-lessor',
            identityType: 2,
            idNumber: '',
            contactName: 'Wu',
            areaCode: '86',
            contactPhone: '13912340001',
            province: '',
            city: '',
            district: '',
            address: 'Road 8',
            bankName: 'Bank',
            bankAccountName: 'Sub-lessor',
            bankAccount: '62166100000112345',
            remark: '',
            renting: 1,
            costCents: 120_000,
            lessorName: 'Lessor',
            createdAt: at,
            editable: false,
          }),
        ),
      '1200.00',
    );
  });

  it('names each row’s currency beside its plain amounts: the sub-lease record', async () => {
    await expectCurrencyColumn(
      () =>
        csvOf(
          useSubleaseFields,
          SUBLEASE_COLUMNS,
          inBoth<SubleaseRow>({
            id: 1,
            number: 'ZL-1',
            sublessorId: 2,
            sublessorName: 'Sub-lessor',
            lessorName: 'Lessor',
            deviceId: 3,
            serialNumber: 'S-1',
            deviceName: 'Lift',
            modelName: 'Scissor',
            kind: 'scissor',
            state: 'renting',
            startOn: '2026-11-01',
            endOn: '2026-11-30',
            returnedOn: '',
            businessModel: 23,
            dayCents: 4_000,
            monthCents: null,
            costCents: 120_000,
            remark: '',
            status: 1,
            online: true,
            lastReportAt: at,
            leasedOut: false,
            createdAt: at,
            editable: false,
          }),
        ),
      '1200.00',
    );
  });
});
