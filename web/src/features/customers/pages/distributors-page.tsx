import { useTranslation } from 'react-i18next';
import { customerEndpoints } from '@console/contract/http/customers';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { CUSTOMER_READS, useCustomerRights } from '../api.ts';
import { useDistributorForm } from '../components/distributor-form.tsx';
import { useDistributorFields } from '../fields.tsx';

/** /userManagement/distributor: the operator's distributors with their customers and machines. */
export function DistributorsPage() {
  const { t } = useTranslation('customers');
  const fields = useDistributorFields();
  const form = useDistributorForm();
  const rights = useCustomerRights();
  const remove = useEndpointMutation(customerEndpoints.distributorDelete, { invalidates: CUSTOMER_READS });
  return (
    <RegistryPage
      area="customers"
      resource="distributors"
      endpoint={customerEndpoints.distributorList}
      rowKey="id"
      title={t('distributors.title')}
      exportName={t('distributors.exportName')}
      filters={fields.filters(['keyword'])}
      columns={fields.columns([
        'name',
        'contactName',
        'contactPhone',
        'address',
        'customerCount',
        'deviceCount',
        'createdAt',
      ])}
      canCreate={rights.operates}
      addLabel={t('distributors.add')}
      form={form}
      remove={{
        confirm: (row) => t('distributors.deleteConfirm', { name: row.name }),
        submit: (row) => remove.mutateAsync({ body: { id: row.id } }),
        done: t('distributors.deleted'),
      }}
    />
  );
}
