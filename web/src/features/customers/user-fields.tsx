import { ORG_KIND_CODE, REAL_NAME_VERIFIED, ROLE_CODE, ACCOUNT_STATUS } from '@console/contract/codes/accounts';
import type { UserRow } from '@console/contract/http/users';
import { phoneText } from '@console/contract/formats/phone';
import { defineFields } from '../../components/fields.tsx';

/** An account as the user lists show it; the name is masked by the server (spec section 5). */
export const useUserFields = defineFields<UserRow>()('customers', {
  mobile: {
    label: 'users.mobile',
    cell: (row) => phoneText({ areaCode: row.areaCode, number: row.mobile }),
    exportValue: (row) => (row.areaCode === '86' ? row.mobile : `00${row.areaCode} ${row.mobile}`),
  },
  nickname: { label: 'users.nickname', ellipsis: true },
  name: { label: 'users.name' },
  roleId: { label: 'users.role', kind: 'code', table: ROLE_CODE, filter: { width: 200 } },
  orgName: { label: 'users.organisation', ellipsis: true },
  orgKind: { label: 'users.orgKind', kind: 'code', table: ORG_KIND_CODE, filter: { width: 150 } },
  verified: {
    label: 'users.verified',
    kind: 'code',
    table: REAL_NAME_VERIFIED,
    value: (row) => (row.realNameVerified ? 'yes' : 'no'),
    filter: { width: 140 },
  },
  disabled: {
    label: 'users.status',
    kind: 'code',
    table: ACCOUNT_STATUS,
    value: (row) => (row.disabled ? 'disabled' : 'enabled'),
  },
  createdAt: { label: 'createdAt', kind: 'moment', sortable: true },
  keyword: { label: 'keyword', filter: { placeholder: 'users.keywordPlaceholder', maxLength: 50 } },
});
