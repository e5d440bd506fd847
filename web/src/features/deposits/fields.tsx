import { Link } from 'react-router';
import { DEPOSIT_STATE } from '@console/contract/lease/deposits';
import type { DepositRow } from '@console/contract/http/deposits';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';
import { RenterFilter } from '../lease-billing/index.ts';

/** The deposit list's columns (and its CSV's), in their order. */
export const DEPOSIT_COLUMNS = [
  'number',
  'contractNumber',
  'renterName',
  'state',
  'amountCents',
  'receivedCents',
  'heldCents',
  'appliedCents',
  'refundedCents',
  'currency',
  'requestedOn',
  'lessorName',
] as const;

export const useDepositFields = defineFields<DepositRow>()('deposits', {
  number: { label: 'number' },
  contractNumber: {
    label: 'contract',
    exportValue: (row) => row.contractNumber,
    cell: (row) => (
      <Link to={href(leaseContractScreens.contractDetail, { id: row.contractId })}>{row.contractNumber}</Link>
    ),
  },
  renterName: { label: 'renter' },
  state: { label: 'stateLabel', kind: 'code', table: DEPOSIT_STATE, filter: { width: 140 } },
  amountCents: { label: 'requested', kind: 'money', sortable: true },
  receivedCents: { label: 'received', kind: 'money' },
  heldCents: { label: 'held', kind: 'money' },
  appliedCents: { label: 'applied', kind: 'money' },
  refundedCents: { label: 'refunded', kind: 'money' },
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  requestedOn: { label: 'requestedOn', kind: 'day', sortable: true },
  lessorName: { label: 'lessor', defaultHidden: true },
  keyword: { label: 'keyword', filter: { placeholder: 'keywordPlaceholder', maxLength: 50 } },
  renterId: { label: 'renter', filter: { input: () => <RenterFilter /> } },
});
