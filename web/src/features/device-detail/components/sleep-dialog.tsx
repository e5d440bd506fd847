import { App, Button, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import { CountdownButton } from '../../../components/countdown-button.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { SLEEP_READS } from '../api/device-records.ts';
import { useSleepFields } from '../fields.tsx';

/**
 * Putting a machine to sleep needs a verification code (spec section 5), sent by SMS to the signed-in user's
 * phone; a wrong one is refused on the code field with 'verification code error, re-enter'.
 */
export function SleepDialog({ deviceId, disabled }: { deviceId: number; disabled?: boolean }) {
  const { t } = useTranslation('device-detail');
  const { message } = App.useApp();
  const fields = useSleepFields();
  // Silent: a wrong code is refused on its field.
  const sleep = useEndpointMutation(deviceRecordEndpoints.sleep, { invalidates: SLEEP_READS, silent: true });
  const sendCode = useEndpointMutation(deviceRecordEndpoints.sleepCode);
  return (
    <FormDialog
      title={t('records.sleep.dialogTitle')}
      okText={t('records.sleep.confirm')}
      trigger={
        <Button size="small" disabled={disabled}>
          {t('records.sleep.putToSleep')}
        </Button>
      }
      schema={deviceRecordEndpoints.sleep.body}
      initialValues={{ deviceId }}
      onSubmit={(body) => sleep.mutateAsync({ body })}
      onSuccess={(task) =>
        void message.success(t(task.state === 'queued' ? 'records.sleep.sleepQueued' : 'records.sleep.sleepSent'))
      }
    >
      <Typography.Paragraph type="secondary">{t('records.sleep.codeHint')}</Typography.Paragraph>
      <Flex gap={8} align="start">
        {fields.formItems(['code'], { wrap: (item) => <div style={{ flex: 1 }}>{item}</div> })}
        <Form.Item label=" " colon={false}>
          <CountdownButton
            onSend={() => sendCode.mutateAsync({ body: { deviceId } })}
            sentMessage={t('records.sleep.codeSent')}
          >
            {t('records.sleep.sendCode')}
          </CountdownButton>
        </Form.Item>
      </Flex>
    </FormDialog>
  );
}
