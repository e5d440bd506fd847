import { App, Button, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLE_CODE } from '@console/contract/codes/accounts';
import type { RoleId } from '@console/contract/codes/roles';
import { employeeEndpoints, type Employee } from '@console/contract/http/employees';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';

/**
 * Nickname and role of an employee (user/editUser.do). One's own role is not offered: the server refuses
 * it. A new role signs the employee out so that they sign in with its menus.
 */
export function EditEmployeeDialog({ employee, grantable }: { employee: Employee; grantable: RoleId[] }) {
  const { t } = useTranslation(['employees', 'common']);
  const label = useCodeLabel();
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
      <Field name="nickname" label={t('fields.nickname')}>
        <Input maxLength={40} />
      </Field>
      <Field name="role" label={t('fields.role')} extra={employee.isSelf ? t('edit.ownRole') : undefined}>
        <Select
          disabled={roleLocked}
          options={codeOptions(label, ROLE_CODE, roleLocked ? [employee.roleId] : grantable)}
        />
      </Field>
    </FormDialog>
  );
}
