import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Steps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API_STATUS } from '@console/contract/http/envelope';
import { settingsEndpoints, type Profile } from '@console/contract/http/settings';
import { CountdownButton } from '../../../components/countdown-button.tsx';
import { PhoneField } from '../../../components/phone-field.tsx';
import { Field, SchemaForm } from '../../../components/schema-form.tsx';
import { ApiFailure } from '../../../lib/api-client.ts';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { showFailure } from '../../../lib/form-rules.ts';
import { applyProfile } from '../api/profile.ts';
import { maskPhone } from './mask-phone.ts';

/**
 * Two steps: a code sent to the current number proves the owner (the server answers a ticket), then a
 * code sent to the new number, which must be free, proves that one.
 */
export function ChangePhoneDialog({ profile }: { profile: Profile }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // Silent ones: the forms show a refusal on its field.
  const sendCode = useEndpointMutation(settingsEndpoints.sendCode);
  const sendCodeToNew = useEndpointMutation(settingsEndpoints.sendCode, { silent: true });
  const verifyOld = useEndpointMutation(settingsEndpoints.verifyOldPhone, { silent: true });
  const change = useEndpointMutation(settingsEndpoints.changePhone, { silent: true });
  const [open, setOpen] = useState(false);
  const [ticket, setTicket] = useState<string | null>(null);
  const [newForm] = Form.useForm();

  const close = () => {
    setOpen(false);
    setTicket(null);
  };

  const sendToNew = async () => {
    await newForm.validateFields(['mobile', 'areaCode']);
    const { mobile, areaCode } = newForm.getFieldsValue(['mobile', 'areaCode']) as { mobile: string; areaCode: string };
    try {
      await sendCodeToNew.mutateAsync({ body: { target: 'changePhoneNew', mobile: mobile.trim(), areaCode } });
    } catch (error) {
      showFailure(newForm, error);
      throw error;
    }
  };

  return (
    <>
      <Button type="link" onClick={() => setOpen(true)}>
        {t('security.changePhone')}
      </Button>
      <Modal
        title={t('phone.title')}
        open={open}
        onCancel={close}
        footer={null}
        mask={{ closable: false }}
        destroyOnHidden
      >
        <Steps
          size="small"
          current={ticket ? 1 : 0}
          items={[{ title: t('phone.stepOld') }, { title: t('phone.stepNew') }]}
          style={{ marginBottom: 24 }}
        />
        {!ticket ? (
          <SchemaForm
            schema={settingsEndpoints.verifyOldPhone.body}
            onSubmit={(body) => verifyOld.mutateAsync({ body })}
            onSuccess={(result) => setTicket(result.ticket)}
            submitText={t('phone.next')}
          >
            <Form.Item label={t('code.label')} required extra={t('code.sentTo', { phone: maskPhone(profile.mobile) })}>
              <Space.Compact block>
                <Field name="code" noStyle>
                  <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" aria-label={t('code.label')} />
                </Field>
                <CountdownButton
                  sentMessage={t('code.sent')}
                  onSend={() => sendCode.mutateAsync({ body: { target: 'changePhoneOld' } })}
                >
                  {t('code.send')}
                </CountdownButton>
              </Space.Compact>
            </Form.Item>
          </SchemaForm>
        ) : (
          <SchemaForm
            form={newForm}
            schema={settingsEndpoints.changePhone.body}
            initialValues={{ ticket, areaCode: '86' }}
            onSubmit={async (body) => {
              try {
                return await change.mutateAsync({ body });
              } catch (error) {
                // The check of the old number expired or was used: back to the first step.
                if (error instanceof ApiFailure && error.status === API_STATUS.conflict) setTicket(null);
                throw error;
              }
            }}
            onSuccess={(updated) => {
              applyProfile(queryClient, updated);
              void message.success(t('phone.changed'));
              close();
            }}
            submitText={t('phone.confirm')}
          >
            <PhoneField label={t('phone.newMobile')} areaLabel={t('phone.areaCode')} />
            <Form.Item label={t('code.label')} required>
              <Space.Compact block>
                <Field name="code" noStyle>
                  <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" aria-label={t('code.label')} />
                </Field>
                <CountdownButton onSend={sendToNew} sentMessage={t('code.sent')}>
                  {t('code.send')}
                </CountdownButton>
              </Space.Compact>
            </Form.Item>
          </SchemaForm>
        )}
      </Modal>
    </>
  );
}
