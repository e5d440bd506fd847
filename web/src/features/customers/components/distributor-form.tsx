import { useTranslation } from 'react-i18next';
import { customerEndpoints, type DistributorRow } from '@console/contract/http/customers';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { CUSTOMER_READS } from '../api.ts';
import { useDistributorFields } from '../fields.tsx';
import { OrganisationFields, organisationFormValues } from './customer-form.tsx';

/** The create and edit dialogs of a distributor company. */
export function useDistributorForm(): RegistryForm<
  DistributorRow,
  typeof customerEndpoints.distributorCreate.body,
  typeof customerEndpoints.distributorUpdate.body
> {
  const { t } = useTranslation('customers');
  const fields = useDistributorFields();
  const create = useEndpointMutation(customerEndpoints.distributorCreate, {
    invalidates: CUSTOMER_READS,
    silent: true,
  });
  const update = useEndpointMutation(customerEndpoints.distributorUpdate, {
    invalidates: CUSTOMER_READS,
    silent: true,
  });
  return {
    width: 640,
    fields: () => <OrganisationFields nameField={fields.formItems(['name'])} />,
    create: {
      title: t('distributors.addTitle'),
      schema: customerEndpoints.distributorCreate.body,
      initialValues: {},
      submit: (body) => create.mutateAsync({ body }),
    },
    update: {
      title: (row) => t('distributors.editTitle', { name: row.name }),
      schema: customerEndpoints.distributorUpdate.body,
      submit: (body) => update.mutateAsync({ body }),
      initialValues: organisationFormValues,
    },
  };
}
