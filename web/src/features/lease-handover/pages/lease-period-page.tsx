import { useTranslation } from 'react-i18next';
import { DUE_WINDOWS, leaseHandoverEndpoints as api } from '@console/contract/http/lease-handover';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { ContractFilter } from '../components/contract-filter.tsx';
import { usePeriodFields } from '../fields.tsx';

/**
 * /leaseCenter/deviceLeasePeriod: every lease period per machine with its contract, renter, start, planned and
 * actual end; filters for leases due to end within 1, 7, 15 or 30 days, overdue returns, on lease or ended, and a
 * serial; the list's CSV export takes every page of the filter.
 */
export function LeasePeriodPage() {
  const { t } = useTranslation(['lease-handover', 'common']);
  const fields = usePeriodFields();
  return (
    <ListPage
      area="lease-handover"
      resource="periods"
      endpoint={api.periods}
      rowKey="id"
      exportName={t('periods.exportName')}
      filters={[
        ...fields.filters(['keyword']),
        {
          name: 'due',
          label: t('periods.due'),
          input: (
            <FilterSelect
              width={160}
              options={DUE_WINDOWS.map((d) => ({ value: String(d), label: t('periods.dueWithin', { count: d }) }))}
            />
          ),
        },
        {
          name: 'overdue',
          label: t('periods.overdue'),
          input: <FilterSelect width={140} options={[{ value: '1', label: t('periods.overdueOnly') }]} />,
        },
        {
          name: 'state',
          label: t('fields.periodState'),
          input: (
            <FilterSelect
              width={140}
              options={[
                { value: 'open', label: t('periods.onLease') },
                { value: 'ended', label: t('periods.ended') },
              ]}
            />
          ),
        },
        { name: 'contractId', label: t('fields.contract'), input: <ContractFilter /> },
      ]}
      columns={fields.columns(
        [
          'serialNumber',
          'modelName',
          'contractNumber',
          'renterName',
          'startOn',
          'plannedEndOn',
          'endOn',
          'state',
          'days',
          'daysLeft',
        ],
        { serialNumber: { fixed: 'left' } },
      )}
    />
  );
}
