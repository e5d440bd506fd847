import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authEndpoints } from '@console/contract/http/auth';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useBrand } from '../../../lib/brand.ts';
import { PhoneField } from '../../../components/phone-field.tsx';
import { SchemaForm } from '../../../components/schema-form.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { BackToLogin } from '../components/back-to-login.tsx';
import { DoneResult } from '../components/done-result.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { SmsCodeField } from '../components/sms-code-field.tsx';

/** /reset: a new password, proven by a code sent to the account's phone. Every session of the account ends. */
export function ResetPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { appid } = useBrand();
  // Silent: the form shows a refusal on its field.
  const reset = useEndpointMutation(authEndpoints.reset, { silent: true });
  const [done, setDone] = useState(false);

  return (
    <AuthLayout heading={t('auth:reset.title')}>
      {done ? (
        <DoneResult title={t('auth:reset.doneTitle')} text={t('auth:reset.doneText')} />
      ) : (
        <>
          <SchemaForm
            schema={authEndpoints.reset.query}
            onSubmit={(query) => reset.mutateAsync({ query: { ...query, appid } })}
            onSuccess={() => setDone(true)}
            submitText={t('auth:reset.submit')}
          >
            <PhoneField name="mobile" label={t('auth:fields.mobile')} areaLabel={t('auth:fields.areaCode')} />
            <SmsCodeField purpose="reset" phoneName="mobile" />
            <NewPasswordFields label={t('auth:fields.newPassword')} />
          </SchemaForm>
          <BackToLogin />
        </>
      )}
    </AuthLayout>
  );
}
