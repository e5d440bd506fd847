import { useState } from 'react';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { authEndpoints } from '@console/contract/http/auth';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useBrand } from '../../../lib/brand.ts';
import { PhoneField } from '../../../components/phone-field.tsx';
import { Field, SchemaForm } from '../../../components/schema-form.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { BackToLogin } from '../components/back-to-login.tsx';
import { DoneResult } from '../components/done-result.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { SmsCodeField } from '../components/sms-code-field.tsx';

/** /register: a phone number proven by a code, a password and a nickname. */
export function RegisterPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { appid } = useBrand();
  // Silent: the form shows a refusal on its field.
  const register = useEndpointMutation(authEndpoints.register, { silent: true });
  const [done, setDone] = useState(false);

  return (
    <AuthLayout heading={t('auth:register.title')}>
      {done ? (
        <DoneResult title={t('auth:register.doneTitle')} text={t('auth:register.doneText')} />
      ) : (
        <>
          <SchemaForm
            schema={authEndpoints.register.query}
            onSubmit={(query) => register.mutateAsync({ query: { ...query, appid } })}
            onSuccess={() => setDone(true)}
            submitText={t('auth:register.submit')}
          >
            <PhoneField name="mobile" label={t('auth:fields.mobile')} areaLabel={t('auth:fields.areaCode')} />
            <SmsCodeField purpose="register" phoneName="mobile" />
            <NewPasswordFields label={t('auth:fields.password')} />
            <Field label={t('auth:fields.nickname')} name="nickname">
              <Input maxLength={40} autoComplete="nickname" />
            </Field>
          </SchemaForm>
          <BackToLogin />
        </>
      )}
    </AuthLayout>
  );
}
