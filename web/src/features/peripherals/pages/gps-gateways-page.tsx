import { useTranslation } from 'react-i18next';
import { DEVICE_EDITORS } from '@console/contract/access/devices';
import { gpsGatewayEndpoints } from '@console/contract/http/peripherals';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useHasRole } from '../../../lib/session.ts';
import { useGpsGatewayForm } from '../components/gps-gateway-form.tsx';
import { BINDING_COLUMNS, useGpsGatewayFields } from '../fields.tsx';

/** /deviceManagement/gpsGateways: the vehicle GPS gateways. */
export function GpsGatewaysPage() {
  const { t } = useTranslation('peripherals');
  const editor = useHasRole(DEVICE_EDITORS);
  const form = useGpsGatewayForm();
  const remove = useEndpointMutation(gpsGatewayEndpoints.delete, { invalidates: [gpsGatewayEndpoints.list] });
  const fields = useGpsGatewayFields();
  return (
    <RegistryPage
      area="peripherals"
      resource="gpsGateways"
      endpoint={gpsGatewayEndpoints.list}
      rowKey="id"
      title={t('gpsGateways.title')}
      exportName={t('gpsGateways.exportName')}
      filters={fields.filters(['imei', 'plate', 'deviceSerial', 'positioning'])}
      columns={fields.columns(['imei', 'plate', 'positioning', ...BINDING_COLUMNS])}
      canCreate={editor}
      addLabel={t('gpsGateways.add')}
      form={form}
      remove={{
        confirm: (row) => t('gpsGateways.deleteConfirm', { imei: row.imei }),
        submit: (row) => remove.mutateAsync({ body: { id: row.id } }),
        done: t('gpsGateways.deleted'),
      }}
    />
  );
}
