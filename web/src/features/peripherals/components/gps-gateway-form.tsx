import { useTranslation } from 'react-i18next';
import { gpsGatewayEndpoints, type GpsGateway } from '@console/contract/http/peripherals';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { BINDING_FORM, useGpsGatewayFields } from '../fields.tsx';

/** A vehicle GPS gateway: IMEI ('enter IMEI/CCID'), plate, positioning, the host and SIM card it is bound to. */
export function useGpsGatewayForm() {
  const { t } = useTranslation('peripherals');
  const fields = useGpsGatewayFields();
  // Silent: the form shows a refusal on its field.
  const create = useEndpointMutation(gpsGatewayEndpoints.create, {
    invalidates: [gpsGatewayEndpoints.list],
    silent: true,
  });
  const update = useEndpointMutation(gpsGatewayEndpoints.update, {
    invalidates: [gpsGatewayEndpoints.list],
    silent: true,
  });
  return {
    fields: (row?: GpsGateway) => fields.formItems(['imei', 'plate', 'positioning', ...BINDING_FORM], { row }),
    create: {
      title: t('gpsGateways.addTitle'),
      schema: gpsGatewayEndpoints.create.body,
      submit: (body) => create.mutateAsync({ body }),
      initialValues: { positioning: 'gps' },
    },
    update: {
      title: (row) => t('gpsGateways.editTitle', { imei: row.imei }),
      schema: gpsGatewayEndpoints.update.body,
      submit: (body) => update.mutateAsync({ body }),
      initialValues: (row) => row,
    },
  } satisfies RegistryForm<GpsGateway, typeof gpsGatewayEndpoints.create.body, typeof gpsGatewayEndpoints.update.body>;
}
