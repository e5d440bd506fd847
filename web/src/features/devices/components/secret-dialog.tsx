import type { ReactNode } from 'react';
import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface IssuedSecret {
  serialNumber: string;
  /** Absent for a role that does not fit devices (decision 011): the dialog says who gets the key instead. */
  mqttSecret?: string;
}

/**
 * A machine's new MQTT credentials, shown once: the server keeps only a hash of the secret, so closing this
 * dialog loses it for good (a new one can be issued). It closes only through its buttons. Without a secret (a
 * role that does not fit devices) it says the machine is registered and who issues its key.
 */
export function SecretDialog({
  issued,
  onClose,
  footer,
}: {
  issued: IssuedSecret | null;
  onClose: () => void;
  footer?: ReactNode;
}) {
  const { t } = useTranslation(['devices', 'common']);
  const withKey = issued?.mqttSecret !== undefined;
  return (
    <Modal
      open={issued !== null}
      title={
        issued
          ? t(withKey ? 'secret.title' : 'secret.registeredTitle', {
              serial: issued.serialNumber,
            })
          : null
      }
      width={620}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      onOk={onClose}
      okText={withKey ? t('secret.done') : t('common:ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
      footer={footer === undefined ? undefined : (_, { OkBtn }) => [footer, <OkBtn key="ok" />]}
    >
      {issued && !withKey && <Alert type="info" showIcon title={t('secret.installersOnly')} />}
      {issued && withKey && (
        <>
          <Alert type="warning" showIcon title={t('secret.warning')} style={{ marginBottom: 16 }} />
          <Typography.Paragraph type="secondary">{t('secret.broker')}</Typography.Paragraph>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('secret.user')}>
              <Typography.Text code copyable>
                {issued.serialNumber}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('secret.secret')}>
              <Typography.Text code copyable data-testid="mqtt-secret">
                {issued.mqttSecret}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
