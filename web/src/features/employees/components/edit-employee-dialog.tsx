import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoleId } from '@console/contract/codes/roles';
import { employeeEndpoints, type Employee } from '@console/contract/http/employees';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useEmployeeFields } from '../fields.tsx';

/**
 * Nickname and role of an employee (user/editUser.do). One's own role is not offered: the server refuses
 * it. A new role signs the employee out so that they sign in with its menus.
 */
export function EditEmployeeDialog({ employee, grantable }: { employee: Employee; grantable: RoleId[] }) {
  const { t } = useTranslation(['employees', 'common']);
  const fields = useEmployeeFields();
  const { message } = App.useApp();
  // Silent: the form shows a refusal on its field.
  const edit = useEndpointMutation(employeeEndpoints.editUser, { invalidates: [employeeEndpoints.list], silent: true });
  // A role the administrator may not grant is shown but cannot be changed.
  const roleLocked = employee.isSelf || !grantable.includes(employee.roleId as RoleId);
  return (
    <FormDialog
      title={t('edit.title', { name: employee.name || employee.mobile })}
      trigger={<Button type="link">{t('common:edit')}</Button>}
      schema={employeeEndpoints.editUser.query}
      initialValues={{ uid: employee.uid, nickname: employee.nickname, role: String(employee.roleId) }}
      onSubmit={(query) => edit.mutateAsync({ query })}
      onSuccess={() => void message.success(t('common:saved'))}
    >
      {fields.formItems(['nickname', 'roleId'], {
        overrides: {
          roleId: {
            name: 'role',
            disabled: roleLocked,
            only: roleLocked ? [employee.roleId] : grantable,
            extra: employee.isSelf ? 'edit.ownRole' : undefined,
          },
        },
      })}
    </FormDialog>
  );
}
