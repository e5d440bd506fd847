import { Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LEASE_STATUS } from '@console/contract/codes/stock';
import {
  INSTALLATION_TYPES,
  POWER_SOURCES,
  virtualHostEndpoints,
  type VirtualHost,
} from '@console/contract/http/virtual-hosts';
import { numericCodeOptions, useCodeLabel } from '../../../components/code-label.ts';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';

/** Select options of the installation types and power sources, in the user's language. */
export function useHostOptions() {
  const { t } = useTranslation('peripherals');
  return {
    types: INSTALLATION_TYPES.map((value) => ({ value, label: t(`virtualHosts.types.${value}`) })),
    power: POWER_SOURCES.map((value) => ({ value, label: t(`virtualHosts.power.${value}`) })),
  };
}

/** A virtual host (spec section 3); a host under lease needs its customer. Lease status travels as a number. */
export function useVirtualHostForm() {
  const { t } = useTranslation(['peripherals', 'common']);
  const label = useCodeLabel();
  const options = useHostOptions();
  const leaseOptions = numericCodeOptions(label, LEASE_STATUS);
  const metres = <InputNumber min={0} max={100} step={0.1} precision={1} style={{ width: '100%' }} />;
  // Silent: the form shows a refusal on its field.
  const create = useEndpointMutation(virtualHostEndpoints.create, {
    invalidates: [virtualHostEndpoints.list],
    silent: true,
  });
  const update = useEndpointMutation(virtualHostEndpoints.update, {
    invalidates: [virtualHostEndpoints.list],
    silent: true,
  });
  return {
    fields: () => (
      <>
        <Field name="hostNumber" label={t('virtualHosts.hostNumber')}>
          <Input maxLength={40} />
        </Field>
        <Field name="installationType" label={t('virtualHosts.installationType')}>
          <Select options={options.types} />
        </Field>
        <Field name="brand" label={t('virtualHosts.brand')}>
          <Input maxLength={40} />
        </Field>
        <Field name="platformHeight" label={t('virtualHosts.platformHeight')}>
          {metres}
        </Field>
        <Field name="powerSource" label={t('virtualHosts.powerSource')}>
          <Select options={options.power} />
        </Field>
        <Field name="equipmentHeight" label={t('virtualHosts.equipmentHeight')}>
          {metres}
        </Field>
        <Field name="leaseStatus" label={t('virtualHosts.leaseStatus')}>
          <Select options={leaseOptions} />
        </Field>
        <Field name="customerName" label={t('virtualHosts.customerName')} dependencies={['leaseStatus']}>
          <Input maxLength={60} />
        </Field>
      </>
    ),
    create: {
      title: t('virtualHosts.addTitle'),
      schema: virtualHostEndpoints.create.body,
      submit: (body) => create.mutateAsync({ body }),
      initialValues: { leaseStatus: 1, customerName: '' },
    },
    update: {
      title: (host) => t('virtualHosts.editTitle', { number: host.hostNumber }),
      schema: virtualHostEndpoints.update.body,
      submit: (body) => update.mutateAsync({ body }),
      initialValues: (host) => host,
    },
  } satisfies RegistryForm<
    VirtualHost,
    typeof virtualHostEndpoints.create.body,
    typeof virtualHostEndpoints.update.body
  >;
}
