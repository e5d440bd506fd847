import { App, Button } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RoleId } from '@console/contract/codes/roles';
import { INVITATION_DAYS } from '@console/contract/codes/invitations';
import { employeeEndpoints } from '@console/contract/http/employees';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { PhoneField } from '../../../components/phone-field.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useEmployeeFields } from '../fields.tsx';

/**
 * Invite a number by text message with a role the administrator may grant. The person accepts through the link in
 * the message, signing in (an existing account) or registering; nothing is kept when the message cannot be sent.
 */
export function InviteDialog({ grantable, onInvited }: { grantable: RoleId[]; onInvited?: () => void }) {
  const { t } = useTranslation(['employees', 'common']);
  const fields = useEmployeeFields();
  const { message } = App.useApp();
  // Silent: the form shows a refusal on its field ("invite send failed" too, above the fields).
  const invite = useEndpointMutation(employeeEndpoints.invite, {
    invalidates: [employeeEndpoints.invitations],
    silent: true,
  });
  return (
    <FormDialog
      title={t('invite.title')}
      trigger={<Button icon={<SendOutlined />}>{t('invite.button')}</Button>}
      schema={employeeEndpoints.invite.body}
      initialValues={{ areaCode: '86' }}
      okText={t('invite.send')}
      onSubmit={(body) => invite.mutateAsync({ body })}
      onSuccess={() => {
        void message.success(t('invite.sent', { days: INVITATION_DAYS }));
        onInvited?.();
      }}
    >
      <PhoneField label={t('fields.mobile')} areaLabel={t('fields.areaCode')} />
      {fields.formItems(['name', 'roleId'], { overrides: { roleId: { only: grantable } } })}
    </FormDialog>
  );
}
