import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/schema-form.tsx';

/** A password the user chooses (`password`, checked by the endpoint's schema), typed twice (`confirm`). */
export function NewPasswordFields({ label }: { label: string }) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <>
      <Field label={label} name="password" extra={t('auth:passwordHint')}>
        <Input.Password autoComplete="new-password" />
      </Field>
      <Form.Item
        label={t('auth:fields.confirmPassword')}
        name="confirm"
        required
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (value !== getFieldValue('password')) throw new Error(t('auth:passwordMismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
