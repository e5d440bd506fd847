import { Input, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_STATUS, ROLE_CODE } from '@console/contract/codes/accounts';
import { employeeEndpoints, grantableRoles, type Employee } from '@console/contract/http/employees';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useSession } from '../../../lib/session.ts';
import { CreateEmployeeDialog } from '../components/create-employee-dialog.tsx';
import { EditEmployeeDialog } from '../components/edit-employee-dialog.tsx';
import { EmployeeStatusButton, BatchStatusButtons } from '../components/employee-status-buttons.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';

const statusOf = (row: Employee) => (row.disabled ? 'disabled' : 'enabled');

/** /employeeManagement/all: the employees of the administrator's own organisation. */
export function EmployeesPage() {
  const { t } = useTranslation(['employees', 'common']);
  const label = useCodeLabel();
  const { roleId } = useSession();
  const grantable = grantableRoles(roleId);

  const columns: ListColumn<Employee>[] = [
    {
      key: 'name',
      title: t('fields.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Space>
          {name || '-'}
          {row.isSelf && <Tag>{t('self')}</Tag>}
        </Space>
      ),
    },
    { key: 'nickname', title: t('fields.nickname'), dataIndex: 'nickname', ellipsis: true, width: 240 },
    {
      key: 'mobile',
      title: t('fields.mobile'),
      dataIndex: 'mobile',
      // Spreadsheets take a leading + for a formula: other areas are written with the 00 dialling prefix.
      exportValue: (row) => (row.areaCode === '86' ? row.mobile : `00${row.areaCode} ${row.mobile}`),
      render: (mobile: string, row) => `+${row.areaCode} ${mobile}`,
    },
    {
      key: 'roleId',
      title: t('fields.role'),
      dataIndex: 'roleId',
      exportValue: (row) => label(ROLE_CODE, row.roleId),
      render: (roleId: number) => <StatusBadge table={ROLE_CODE} value={roleId} />,
    },
    {
      key: 'status',
      title: t('fields.status'),
      exportValue: (row) => label(ACCOUNT_STATUS, statusOf(row)),
      render: (_, row) => <StatusBadge table={ACCOUNT_STATUS} value={statusOf(row)} />,
    },
    { key: 'createdAt', title: t('fields.createdAt'), dataIndex: 'createdAt', sorter: true },
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      render: (_, row) => (
        <Space size={0}>
          <EditEmployeeDialog employee={row} grantable={grantable} />
          <EmployeeStatusButton employee={row} />
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      area="employees"
      resource="list"
      endpoint={employeeEndpoints.list}
      rowKey="uid"
      title={t('title')}
      exportName={t('exportName')}
      filters={[
        { name: 'phone', label: t('fields.mobile'), input: <Input allowClear maxLength={15} /> },
        { name: 'name', label: t('fields.name'), input: <Input allowClear maxLength={40} /> },
        {
          name: 'roleId',
          label: t('fields.role'),
          input: <FilterSelect width={200} options={codeOptions(label, ROLE_CODE, grantable)} />,
        },
        {
          name: 'status',
          label: t('fields.status'),
          input: <FilterSelect width={120} options={codeOptions(label, ACCOUNT_STATUS)} />,
        },
      ]}
      columns={columns}
      toolbar={<CreateEmployeeDialog grantable={grantable} />}
      selectable={(row) => !row.isSelf}
      batchActions={(rows, clear) => <BatchStatusButtons employees={rows} onDone={clear} />}
    />
  );
}
