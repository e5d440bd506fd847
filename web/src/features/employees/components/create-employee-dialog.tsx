import { Alert, App, Button, Form, Input, Radio } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RoleId } from '@console/contract/codes/roles';
import { employeeEndpoints } from '@console/contract/http/employees';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { PhoneField } from '../../../components/phone-field.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useEmployeeFields } from '../fields.tsx';

/**
 * A new employee account made at once: phone, name, a role the administrator may grant, and either a first password
 * the administrator sets or a text message asking the person to set their own. A number that already has an account
 * is invited instead (InviteDialog), so that its holder consents.
 */
export function CreateEmployeeDialog({ grantable }: { grantable: RoleId[] }) {
  const { t } = useTranslation(['employees', 'common']);
  const fields = useEmployeeFields();
  const { message } = App.useApp();
  // Silent: the form shows a refusal on its field.
  const create = useEndpointMutation(employeeEndpoints.create, { invalidates: [employeeEndpoints.list], silent: true });
  return (
    <FormDialog
      title={t('create.title')}
      trigger={
        <Button type="primary" icon={<PlusOutlined />}>
          {t('create.button')}
        </Button>
      }
      schema={employeeEndpoints.create.body}
      initialValues={{ mode: 'password', areaCode: '86' }}
      onSubmit={async (body) => ({ ...(await create.mutateAsync({ body })), mode: body.mode })}
      onSuccess={(result) => {
        void message.success(result.mode === 'message' ? t('create.messaged') : t('create.created'));
      }}
    >
      <PhoneField label={t('fields.mobile')} areaLabel={t('fields.areaCode')} />
      {fields.formItems(['name', 'roleId'], { overrides: { roleId: { only: grantable } } })}
      <Field name="mode" label={t('create.mode')}>
        <Radio.Group
          options={[
            { value: 'password', label: t('create.modePassword') },
            { value: 'message', label: t('create.modeMessage') },
          ]}
        />
      </Field>
      <Form.Item noStyle dependencies={['mode']}>
        {({ getFieldValue }) =>
          getFieldValue('mode') === 'message' ? (
            <Alert type="info" showIcon title={t('create.messageHint')} style={{ marginBottom: 24 }} />
          ) : (
            <Field name="password" label={t('create.password')} required extra={t('create.passwordHint')}>
              <Input.Password autoComplete="new-password" />
            </Field>
          )
        }
      </Form.Item>
    </FormDialog>
  );
}
