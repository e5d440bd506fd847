import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { authEndpoints } from '@console/contract/http/auth';
import { API_STATUS } from '@console/contract/http/envelope';
import { ApiFailure } from '../../../lib/api-client.ts';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useBrand } from '../../../lib/brand.ts';
import { PhoneField } from '../../../components/phone-field.tsx';
import { Field, SchemaForm } from '../../../components/schema-form.tsx';
import { useCompleteSignIn, type SignInKind } from '../api/use-complete-sign-in.ts';
import { SmsCodeField } from './sms-code-field.tsx';

/** Whether a refused sign-in asks for a verification code (status 428, or a wrong password that tipped it). */
function codeDemand(error: unknown): 'required' | 'next' | null {
  if (!(error instanceof ApiFailure)) return null;
  if (error.status === API_STATUS.codeRequired) return 'required';
  return (error.data as { codeRequired?: boolean } | null)?.codeRequired ? 'next' : null;
}

/**
 * Account and password, and the verification code once the server asks for one (after repeated wrong
 * passwords, or from an address the account has not used). Used by /login and /loginForDashboard.
 */
export function PasswordSignInForm({ kind, onSignedIn }: { kind: SignInKind; onSignedIn?: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const [form] = Form.useForm();
  const brand = useBrand();
  const completeSignIn = useCompleteSignIn();
  // Silent: the form shows a refusal on its field, or asks for a code.
  const dashboardLogin = useEndpointMutation(authEndpoints.loginForDashboard, { silent: true });
  const consoleLogin = useEndpointMutation(authEndpoints.login, { silent: true });
  const [codeReason, setCodeReason] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const schema = kind === 'dashboard' ? authEndpoints.loginForDashboard.query : authEndpoints.login.query;

  const submit = async (values: { account: string; password: string; areaCode: string; code?: string }) => {
    const query = { ...values, appid: brand.appid, code: codeReason ? values.code : undefined };
    try {
      const login =
        kind === 'dashboard'
          ? await dashboardLogin.mutateAsync({ query })
          : await consoleLogin.mutateAsync({ query: { ...query, changeBindAppid: 1 } });
      return await completeSignIn(login, kind);
    } catch (error) {
      const demand = codeDemand(error);
      if (demand) setCodeReason(demand === 'required' ? (error as ApiFailure).message : t('auth:login.codeNeeded'));
      // The demand for a code is shown above the form rather than toasted.
      if (demand === 'required') return false;
      throw error;
    }
  };

  return (
    <SchemaForm
      schema={schema}
      form={form}
      onSubmit={submit}
      onSuccess={(signedIn) => signedIn && onSignedIn?.()}
      onSubmittingChange={setSubmitting}
      submitText={false}
    >
      {codeReason && <Alert type="warning" showIcon title={codeReason} style={{ marginBottom: 16 }} role="alert" />}
      <PhoneField name="account" label={t('auth:fields.account')} areaLabel={t('auth:fields.areaCode')} />
      <Field label={t('auth:fields.password')} name="password">
        <Input.Password autoComplete="current-password" />
      </Field>
      {codeReason && <SmsCodeField purpose="login" phoneName="account" />}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {kind === 'dashboard' ? t('auth:dashboardLogin.submit') : t('auth:login.submit')}
      </Button>
    </SchemaForm>
  );
}
