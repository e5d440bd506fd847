import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { employeeEndpoints, grantableRoles, type Employee } from '@console/contract/http/employees';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { useSession } from '../../../lib/session.ts';
import { CreateEmployeeDialog } from '../components/create-employee-dialog.tsx';
import { EditEmployeeDialog } from '../components/edit-employee-dialog.tsx';
import { EmployeeStatusButton, BatchStatusButtons } from '../components/employee-status-buttons.tsx';
import { useEmployeeFields } from '../fields.tsx';

/** /employeeManagement/all: the employees of the administrator's own organisation. */
export function EmployeesPage() {
  const { t } = useTranslation(['employees', 'common']);
  const { roleId } = useSession();
  const grantable = grantableRoles(roleId);

  const fields = useEmployeeFields();
  const columns: ListColumn<Employee>[] = [
    ...fields.columns(['name', 'nickname', 'mobile', 'roleId', 'status', 'createdAt']),
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
      filters={fields.filters(['phone', 'name', 'roleId', 'status'], { roleId: { only: grantable } })}
      columns={columns}
      toolbar={<CreateEmployeeDialog grantable={grantable} />}
      selectable={(row) => !row.isSelf}
      batchActions={(rows, clear) => <BatchStatusButtons employees={rows} onDone={clear} />}
    />
  );
}
