import { Space, Tag } from 'antd';
import { ACCOUNT_STATUS, ROLE_CODE } from '@console/contract/codes/accounts';
import { INVITATION_STATE } from '@console/contract/codes/invitations';
import type { Employee, FormerEmployee, Invitation } from '@console/contract/http/employees';
import { phoneText } from '@console/contract/formats/phone';
import { defineFields } from '../../components/fields.tsx';

/** An employee of the administrator's own organisation (labels in the `employees` catalog). */
export const useEmployeeFields = defineFields<Employee>()('employees', {
  name: {
    label: 'fields.name',
    filter: { maxLength: 40 },
    form: { maxLength: 40 },
    cell: (row, { t }) => (
      <Space>
        {row.name || '-'}
        {row.isSelf && <Tag>{t('self')}</Tag>}
      </Space>
    ),
  },
  nickname: { label: 'fields.nickname', ellipsis: true, width: 240, form: { maxLength: 40 } },
  mobile: {
    label: 'fields.mobile',
    cell: (row) => phoneText({ areaCode: row.areaCode, number: row.mobile }),
    // Spreadsheets take a leading + for a formula: other areas are written with the 00 dialling prefix.
    exportValue: (row) => (row.areaCode === '86' ? row.mobile : `00${row.areaCode} ${row.mobile}`),
  },
  phone: { label: 'fields.mobile', filter: { maxLength: 15 } },
  roleId: { label: 'fields.role', kind: 'code', table: ROLE_CODE, filter: { width: 200 }, form: true },
  status: {
    label: 'fields.status',
    kind: 'code',
    table: ACCOUNT_STATUS,
    value: (row) => (row.disabled ? 'disabled' : 'enabled'),
    filter: { width: 120 },
  },
  createdAt: { label: 'fields.createdAt', kind: 'moment', sortable: true },
});

/** An invitation sent by the organisation (decision 048). */
export const useInvitationFields = defineFields<Invitation>()('employees', {
  name: { label: 'fields.name' },
  mobile: {
    label: 'fields.mobile',
    cell: (row) => phoneText({ areaCode: row.areaCode, number: row.mobile }),
    exportValue: (row) => (row.areaCode === '86' ? row.mobile : `00${row.areaCode} ${row.mobile}`),
  },
  phone: { label: 'fields.mobile', filter: { maxLength: 15 } },
  roleId: { label: 'fields.role', kind: 'code', table: ROLE_CODE },
  state: { label: 'fields.state', kind: 'code', table: INVITATION_STATE, filter: { width: 140 } },
  invitedBy: { label: 'invitations.invitedBy' },
  sentAt: { label: 'invitations.sentAt', kind: 'moment' },
  expiresAt: { label: 'invitations.expiresAt', kind: 'moment' },
  closedAt: { label: 'invitations.closedAt', kind: 'moment' },
});

/** What unbinding released, by kind of open work ("2 work orders unassigned, 1 seal grant revoked"). */
function releasedText(row: FormerEmployee, t: (key: string, options?: Record<string, unknown>) => string) {
  const done = Object.entries(row.released).filter(([, count]) => count > 0);
  return done.map(([kind, count]) => t(`former.kinds.${kind}`, { count })).join(', ') || t('former.nothingOpen');
}

/** A person unbound from the organisation, with what became of their open work. */
export const useFormerFields = defineFields<FormerEmployee>()('employees', {
  name: { label: 'fields.name', cell: (row) => row.name || '-' },
  mobile: {
    label: 'fields.mobile',
    cell: (row) => phoneText({ areaCode: row.areaCode, number: row.mobile }),
    exportValue: (row) => (row.areaCode === '86' ? row.mobile : `00${row.areaCode} ${row.mobile}`),
  },
  phone: { label: 'fields.mobile', filter: { maxLength: 15 } },
  roleId: { label: 'former.lastRole', kind: 'code', table: ROLE_CODE },
  unboundBy: { label: 'former.unboundBy' },
  unboundAt: { label: 'former.unboundAt', kind: 'moment' },
  released: {
    label: 'former.released',
    cell: (row, { t }) => releasedText(row, t),
    exportValue: (row, { t }) => releasedText(row, t),
  },
});
