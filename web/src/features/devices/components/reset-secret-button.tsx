import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceEndpoints } from '@console/contract/http/devices';
import { DEVICE_INSTALLERS } from '@console/contract/access/devices';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useHasRole } from '../../../lib/session.ts';
import { SecretDialog, type IssuedSecret } from './secret-dialog.tsx';

/**
 * "Issue a new secret" for those who fit devices (DEVICE_INSTALLERS, decision 011), with the new key shown once.
 * The server checks the role and that the machine is one of the user's organisations again.
 */
export function ResetSecretButton({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('devices');
  // Not silent: a refusal (a machine of another company) is toasted.
  const resetSecret = useEndpointMutation(deviceEndpoints.resetSecret);
  const [issued, setIssued] = useState<IssuedSecret | null>(null);
  const installer = useHasRole(DEVICE_INSTALLERS);
  if (!installer) return null;
  return (
    <>
      <ConfirmButton
        title={t('secret.resetConfirm')}
        description={t('secret.resetHint')}
        onConfirm={async () => setIssued(await resetSecret.mutateAsync({ body: { id: deviceId } }))}
      >
        {t('secret.reset')}
      </ConfirmButton>
      <SecretDialog issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}
