import { useTranslation } from 'react-i18next';
import { DEVICE_EDITORS } from '@console/contract/access/devices';
import { simCardEndpoints } from '@console/contract/http/sim-cards';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useHasRole } from '../../../lib/session.ts';
import { useSimCardForm } from '../components/sim-card-form.tsx';
import { useSimCardFields } from '../fields.tsx';

/** /deviceManagement/simCards: the SIM cards of the machines' telematics units. */
export function SimCardsPage() {
  const { t } = useTranslation(['devices', 'common']);
  const editor = useHasRole(DEVICE_EDITORS);
  const form = useSimCardForm();
  const remove = useEndpointMutation(simCardEndpoints.delete, { invalidates: [simCardEndpoints.list] });

  const fields = useSimCardFields();

  return (
    <RegistryPage
      area="devices"
      resource="simCards"
      endpoint={simCardEndpoints.list}
      rowKey="id"
      title={t('sims.title')}
      exportName={t('sims.exportName')}
      filters={fields.filters(['iccid', 'imei', 'serialNumber', 'carrier', 'expiry'])}
      columns={fields.columns(['iccid', 'imei', 'carrier', 'serviceExpiresAt', 'serialNumber', 'ownerName'])}
      canCreate={editor}
      addLabel={t('sims.add')}
      form={form}
      remove={{
        confirm: (row) => t('sims.deleteConfirm', { iccid: row.iccid }),
        submit: (row) => remove.mutateAsync({ body: { id: row.id } }),
        done: t('sims.deleted'),
      }}
    />
  );
}
