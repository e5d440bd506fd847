import { App, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { settingsEndpoints, type Profile } from '@console/contract/http/settings';
import { CountdownButton } from '../../../components/countdown-button.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { messageText } from '../../../lib/form-rules.ts';
import { maskPhone } from './mask-phone.ts';

/** Old password, new password twice and a code sent to the own number; every other session then ends. */
export function ChangePasswordDialog({ profile }: { profile: Profile }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  // Silent: the form shows a refusal on its field.
  const change = useEndpointMutation(settingsEndpoints.changePassword, { silent: true });
  const sendCode = useEndpointMutation(settingsEndpoints.sendCode);
  return (
    <FormDialog
      title={t('password.title')}
      trigger={<Button type="link">{t('security.changePassword')}</Button>}
      schema={settingsEndpoints.changePassword.body}
      onSubmit={(body) => change.mutateAsync({ body })}
      onSuccess={() => void message.success(t('password.changed'))}
    >
      <Field name="oldPassword" label={t('password.old')}>
        <Input.Password autoComplete="current-password" />
      </Field>
      <Field name="password" label={t('password.new')} extra={t('password.rule')}>
        <Input.Password autoComplete="new-password" />
      </Field>
      <Form.Item
        name="confirm"
        label={t('password.confirm')}
        dependencies={['password']}
        required
        rules={[
          { required: true, message: messageText('validation.passwordRequired') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value) => {
              if (value && value !== getFieldValue('password')) throw new Error(t('password.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label={t('code.label')} required extra={t('code.sentTo', { phone: maskPhone(profile.mobile) })}>
        <Space.Compact block>
          <Field name="code" noStyle>
            <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" aria-label={t('code.label')} />
          </Field>
          <CountdownButton
            onSend={() => sendCode.mutateAsync({ body: { target: 'changePassword' } })}
            sentMessage={t('code.sent')}
          >
            {t('code.send')}
          </CountdownButton>
        </Space.Compact>
      </Form.Item>
    </FormDialog>
  );
}
