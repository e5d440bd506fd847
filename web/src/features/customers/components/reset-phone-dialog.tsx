import { App, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { userEndpoints, type UserRow } from '@console/contract/http/users';
import { CountdownButton } from '../../../components/countdown-button.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { PhoneField } from '../../../components/phone-field.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { showFailure } from '../../../lib/form-rules.ts';

/**
 * Reset an account's mobile to a new number, verified by the code sent to it: the person holding the new number
 * reads the code to the operator. The account's sessions end; it signs in with the new number (decision 048).
 */
export function ResetPhoneDialog({ user }: { user: UserRow }) {
  const { t } = useTranslation(['customers', 'common']);
  // Silent: the form shows a refusal (a wrong code, a taken number) on its field.
  const reset = useEndpointMutation(userEndpoints.resetPhone, {
    invalidates: [userEndpoints.detail, userEndpoints.list],
    silent: true,
  });
  return (
    <FormDialog
      title={t('users.resetPhone')}
      trigger={<Button size="small">{t('users.resetPhone')}</Button>}
      schema={userEndpoints.resetPhone.body}
      initialValues={{ uid: user.uid, areaCode: '86' }}
      okText={t('users.resetPhoneSubmit')}
      onSubmit={(body) => reset.mutateAsync({ body })}
      successMessage={t('users.phoneReset')}
    >
      <Field name="uid" hidden>
        <Input />
      </Field>
      <PhoneField label={t('users.newMobile')} areaLabel={t('users.areaCode')} />
      <ResetCodeField uid={user.uid} />
    </FormDialog>
  );
}

/** The code field with its send button: the code goes to the number typed above (which must be free). */
function ResetCodeField({ uid }: { uid: number }) {
  const { t } = useTranslation('customers');
  const form = Form.useFormInstance();
  const { message } = App.useApp();
  // Silent: a refusal (a taken number) shows on the phone field.
  const sendCode = useEndpointMutation(userEndpoints.sendResetPhoneCode, { silent: true });
  const send = async () => {
    await form.validateFields(['mobile', 'areaCode']);
    const body = {
      uid,
      mobile: String(form.getFieldValue('mobile')).trim(),
      areaCode: (form.getFieldValue('areaCode') as string) || '86',
    };
    try {
      await sendCode.mutateAsync({ body });
    } catch (error) {
      showFailure(form, error);
      throw error;
    }
    void message.success(t('users.codeSent'));
  };
  return (
    <Form.Item label={t('users.code')} required htmlFor="code" extra={t('users.codeHint')}>
      <Space.Compact block>
        <Field name="code" noStyle>
          <Input id="code" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
        </Field>
        <CountdownButton onSend={send}>{t('users.sendCode')}</CountdownButton>
      </Space.Compact>
    </Form.Item>
  );
}
