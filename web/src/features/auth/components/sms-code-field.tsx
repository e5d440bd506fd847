import { App, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { authEndpoints, type CodePurpose } from '@console/contract/http/auth';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useBrand } from '../../../lib/brand.ts';
import { showFailure } from '../../../lib/form-rules.ts';
import { CountdownButton } from '../../../components/countdown-button.tsx';
import { Field } from '../../../components/schema-form.tsx';

/**
 * The verification-code field (`code`) of a SchemaForm, with its "send code" button: checks the phone
 * field first, asks code.do for a code of this purpose, then waits 60 s before another can be sent.
 */
export function SmsCodeField({ purpose, phoneName }: { purpose: CodePurpose; phoneName: 'account' | 'mobile' }) {
  const { t } = useTranslation(['auth', 'common']);
  const form = Form.useFormInstance();
  const brand = useBrand();
  const { message } = App.useApp();
  // Silent: a refusal shows on the phone field.
  const sendCode = useEndpointMutation(authEndpoints.code, { silent: true });

  const send = async () => {
    await form.validateFields([phoneName, 'areaCode']);
    const query = {
      mobile: String(form.getFieldValue(phoneName)).trim(),
      areaCode: form.getFieldValue('areaCode') as string,
      appid: brand.appid,
      type: purpose,
    };
    try {
      await sendCode.mutateAsync({ query });
    } catch (error) {
      showFailure(form, error, { aliases: { mobile: phoneName } });
      throw error;
    }
    void message.success(t('auth:code.sent'));
  };

  return (
    <Form.Item label={t('auth:fields.code')} required htmlFor="code">
      <Space.Compact block>
        <Field name="code" noStyle>
          <Input id="code" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
        </Field>
        <CountdownButton onSend={send}>{t('auth:code.send')}</CountdownButton>
      </Space.Compact>
    </Form.Item>
  );
}
