import { useTranslation } from 'react-i18next';
import { simCardEndpoints, type SimCard } from '@console/contract/http/sim-cards';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useSimCardFields } from '../fields.tsx';

/** A SIM card: ICCID and IMEI ('enter IMEI/CCID', 'enter correct card number'), carrier, expiry, machine. */
export function useSimCardForm() {
  const { t } = useTranslation(['devices', 'common']);
  const fields = useSimCardFields();
  // Silent: the form shows a refusal on its field.
  const create = useEndpointMutation(simCardEndpoints.create, { invalidates: [simCardEndpoints.list], silent: true });
  const update = useEndpointMutation(simCardEndpoints.update, { invalidates: [simCardEndpoints.list], silent: true });
  return {
    fields: (card?: SimCard) =>
      fields.formItems(['iccid', 'imei', 'carrier', 'serviceExpiresAt', 'deviceId'], { row: card }),
    create: {
      title: t('sims.addTitle'),
      schema: simCardEndpoints.create.body,
      submit: (body) => create.mutateAsync({ body }),
    },
    update: {
      title: (card) => t('sims.editTitle', { iccid: card.iccid }),
      schema: simCardEndpoints.update.body,
      submit: (body) => update.mutateAsync({ body }),
      initialValues: (card) => card,
    },
  } satisfies RegistryForm<SimCard, typeof simCardEndpoints.create.body, typeof simCardEndpoints.update.body>;
}
