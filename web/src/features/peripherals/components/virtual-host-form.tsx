import { useTranslation } from 'react-i18next';
import { virtualHostEndpoints, type VirtualHost } from '@console/contract/http/virtual-hosts';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useVirtualHostFields } from '../fields.tsx';

/** A virtual host (spec section 3); a host under lease needs its customer. Lease status travels as a number. */
export function useVirtualHostForm() {
  const { t } = useTranslation(['peripherals', 'common']);
  const fields = useVirtualHostFields();
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
    fields: () =>
      fields.formItems([
        'hostNumber',
        'installationType',
        'brand',
        'platformHeight',
        'powerSource',
        'equipmentHeight',
        'leaseStatus',
        'customerName',
      ]),
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
