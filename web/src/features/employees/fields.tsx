import { Space, Tag } from 'antd';
import { ACCOUNT_STATUS, ROLE_CODE } from '@console/contract/codes/accounts';
import type { Employee } from '@console/contract/http/employees';
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
    cell: (row) => `+${row.areaCode} ${row.mobile}`,
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
