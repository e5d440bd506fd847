import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { POSITIONING } from '@console/contract/codes/device-status';
import { gpsGatewayEndpoints, type GpsGateway } from '@console/contract/http/peripherals';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { BindingFields } from './binding-fields.tsx';

/** A vehicle GPS gateway: IMEI ('enter IMEI/CCID'), plate, positioning, the host and SIM card it is bound to. */
export function useGpsGatewayForm() {
  const { t } = useTranslation('peripherals');
  const label = useCodeLabel();
  return {
    fields: (row?: GpsGateway) => (
      <>
        <Field name="imei" label={t('gpsGateways.imei')}>
          <Input maxLength={15} inputMode="numeric" />
        </Field>
        <Field name="plate" label={t('gpsGateways.plate')}>
          <Input maxLength={16} />
        </Field>
        <Field name="positioning" label={t('gpsGateways.positioning')}>
          <Select options={codeOptions(label, POSITIONING)} />
        </Field>
        <BindingFields row={row} />
      </>
    ),
    create: {
      title: t('gpsGateways.addTitle'),
      schema: gpsGatewayEndpoints.create.body,
      submit: (body) => callApi(gpsGatewayEndpoints.create, { body }, { silent: true }),
      initialValues: { positioning: 'gps' },
    },
    update: {
      title: (row) => t('gpsGateways.editTitle', { imei: row.imei }),
      schema: gpsGatewayEndpoints.update.body,
      submit: (body) => callApi(gpsGatewayEndpoints.update, { body }, { silent: true }),
      initialValues: (row) => row,
    },
  } satisfies RegistryForm<GpsGateway, typeof gpsGatewayEndpoints.create.body, typeof gpsGatewayEndpoints.update.body>;
}
