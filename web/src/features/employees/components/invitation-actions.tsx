import { App, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { invitationAllows } from '@console/contract/codes/invitations';
import { employeeEndpoints, type Invitation } from '@console/contract/http/employees';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';

/** Resend (a new code and expiry) and revoke, offered as the invitation's state machine allows. */
export function InvitationActions({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation('employees');
  const { message } = App.useApp();
  const resend = useEndpointMutation(employeeEndpoints.resendInvitation, {
    invalidates: [employeeEndpoints.invitations],
  });
  const revoke = useEndpointMutation(employeeEndpoints.revokeInvitation, {
    invalidates: [employeeEndpoints.invitations],
  });
  const who = invitation.name || invitation.mobile;
  return (
    <Space size={0}>
      {invitationAllows('resend', invitation.state) && (
        <ConfirmButton
          type="link"
          title={t('invitations.resendConfirm', { name: who })}
          description={t('invitations.resendHint')}
          onConfirm={async () => {
            await resend.mutateAsync({ body: { id: invitation.id } });
            void message.success(t('invitations.resent'));
          }}
        >
          {t('invitations.resend')}
        </ConfirmButton>
      )}
      {invitationAllows('revoke', invitation.state) && (
        <ConfirmButton
          type="link"
          danger
          title={t('invitations.revokeConfirm', { name: who })}
          onConfirm={async () => {
            await revoke.mutateAsync({ body: { id: invitation.id } });
            void message.success(t('invitations.revoked'));
          }}
        >
          {t('invitations.revoke')}
        </ConfirmButton>
      )}
    </Space>
  );
}
