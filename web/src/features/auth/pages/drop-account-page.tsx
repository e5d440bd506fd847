import { useState } from 'react';
import { App, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { authEndpoints } from '@console/contract/http/auth';
import type { QueryOf } from '@console/contract/http/endpoint';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useBrand } from '../../../lib/brand.ts';
import { PhoneField } from '../../../components/phone-field.tsx';
import { Field, SchemaForm } from '../../../components/schema-form.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { BackToLogin } from '../components/back-to-login.tsx';
import { DoneResult } from '../components/done-result.tsx';
import { SmsCodeField } from '../components/sms-code-field.tsx';

/** /dropAccount: request the deletion of an account, proven by a code, after a confirmation. */
export function DropAccountPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { appid } = useBrand();
  // Silent: the form shows a refusal on its field.
  const drop = useEndpointMutation(authEndpoints.dropAccount, { silent: true });
  const { modal, message } = App.useApp();
  const [done, setDone] = useState(false);

  /** Answers whether the request was sent (false when the user thought better of it). */
  const submit = async (query: QueryOf<typeof authEndpoints.dropAccount>) => {
    const confirmed = await modal.confirm({
      title: t('auth:drop.confirmTitle'),
      content: t('auth:drop.confirmText'),
      okText: t('auth:drop.submit'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
    });
    if (!confirmed) {
      void message.info(t('common:cancelled'));
      return false;
    }
    await drop.mutateAsync({ query: { ...query, appid } });
    return true;
  };

  return (
    <AuthLayout heading={t('auth:drop.title')}>
      {done ? (
        <DoneResult title={t('auth:drop.doneTitle')} text={t('auth:drop.doneText')} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('auth:drop.intro')}</Typography.Paragraph>
          <SchemaForm
            schema={authEndpoints.dropAccount.query}
            onSubmit={submit}
            onSuccess={(sent) => sent && setDone(true)}
            submitText={t('auth:drop.submit')}
          >
            <PhoneField name="mobile" label={t('auth:fields.mobile')} areaLabel={t('auth:fields.areaCode')} />
            <SmsCodeField purpose="dropAccount" phoneName="mobile" />
            <Field label={t('auth:fields.reason')} name="reason">
              <Input.TextArea maxLength={500} showCount rows={3} />
            </Field>
          </SchemaForm>
          <BackToLogin />
        </>
      )}
    </AuthLayout>
  );
}
