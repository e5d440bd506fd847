import { Alert, Descriptions, Input, Result } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROLE_CODE } from '@console/contract/codes/accounts';
import { employeeEndpoints } from '@console/contract/http/employees';
import { employeeScreens } from '@console/contract/screens/employees';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Field, SchemaForm } from '../../../components/schema-form.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { AuthLayout, BackToLogin, NewPasswordFields, useCompleteSignIn } from '../../auth/index.ts';

/**
 * /invite?code=...: the page an invitation's text message links to. It shows who invites the person and as what;
 * someone whose number has an account accepts with its password, anyone else registers by choosing one. Either way
 * they are signed in and land in the console (decision 048).
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation(['employees', 'auth']);
  const code = useScreenQuery(employeeScreens.invite).query.code ?? '';
  const preview = useQuery({ ...endpointQuery(employeeEndpoints.previewInvitation, { code }), enabled: !!code });
  const accept = useEndpointMutation(employeeEndpoints.acceptInvitation, { silent: true });
  const completeSignIn = useCompleteSignIn();
  const navigate = useNavigate();

  return (
    <AuthLayout heading={t('accept.title')}>
      {!code ? (
        <Result status="warning" title={t('accept.noCode')} />
      ) : (
        <QueryState query={preview}>
          {(invitation) => (
            <>
              <Descriptions
                column={1}
                size="small"
                style={{ marginBottom: 16 }}
                items={[
                  { key: 'org', label: t('accept.org'), children: invitation.orgName },
                  {
                    key: 'role',
                    label: t('fields.role'),
                    children: <StatusBadge table={ROLE_CODE} value={invitation.roleId} />,
                  },
                  { key: 'mobile', label: t('fields.mobile'), children: invitation.mobile },
                  { key: 'expiresAt', label: t('invitations.expiresAt'), children: invitation.expiresAt },
                ]}
              />
              {invitation.state !== 'pending' ? (
                <Alert type="error" showIcon title={t(`accept.closed.${invitation.state}`)} />
              ) : (
                <SchemaForm
                  schema={employeeEndpoints.acceptInvitation.body}
                  initialValues={{ code, name: invitation.name }}
                  submitText={invitation.hasAccount ? t('accept.signInSubmit') : t('accept.registerSubmit')}
                  onSubmit={async (body) => completeSignIn(await accept.mutateAsync({ body }), 'console')}
                  onSuccess={(signedIn) => signedIn && void navigate('/')}
                >
                  <Field name="code" hidden>
                    <Input />
                  </Field>
                  <Alert
                    type="info"
                    showIcon
                    style={{ marginBottom: 16 }}
                    title={invitation.hasAccount ? t('accept.hasAccountHint') : t('accept.newAccountHint')}
                  />
                  {invitation.hasAccount ? (
                    <Field name="password" label={t('auth:fields.password')}>
                      <Input.Password autoComplete="current-password" />
                    </Field>
                  ) : (
                    <>
                      <Field name="name" label={t('fields.name')}>
                        <Input maxLength={40} autoComplete="name" />
                      </Field>
                      <NewPasswordFields label={t('auth:fields.password')} />
                    </>
                  )}
                </SchemaForm>
              )}
              <BackToLogin />
            </>
          )}
        </QueryState>
      )}
    </AuthLayout>
  );
}
