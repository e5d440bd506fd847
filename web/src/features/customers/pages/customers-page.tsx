import { useTranslation } from 'react-i18next';
import { customerEndpoints } from '@console/contract/http/customers';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { CUSTOMER_READS, useCustomerRights } from '../api.ts';
import { useCustomerForm } from '../components/customer-form.tsx';
import { useCustomerFields } from '../fields.tsx';

/** /customerManagement/all: the customers the user sees, with counts computed from the data, exported as CSV. */
export function CustomersPage() {
  const { t } = useTranslation('customers');
  const fields = useCustomerFields();
  const form = useCustomerForm();
  const rights = useCustomerRights();
  const remove = useEndpointMutation(customerEndpoints.customerDelete, { invalidates: CUSTOMER_READS });
  return (
    <RegistryPage
      area="customers"
      resource="customers"
      endpoint={customerEndpoints.customerList}
      rowKey="id"
      title={t('customers.title')}
      exportName={t('customers.exportName')}
      filters={fields.filters(rights.operates ? ['keyword', 'province', 'distributor'] : ['keyword', 'province'])}
      columns={fields.columns([
        'name',
        'contactName',
        'contactPhone',
        'address',
        'distributorName',
        'deviceCount',
        'attendanceCount',
        'verifiedUserCount',
        'esignCount',
        'lessorName',
        'createdAt',
      ])}
      canCreate={rights.writes}
      addLabel={t('customers.add')}
      form={form}
      remove={{
        confirm: (row) => t('customers.deleteConfirm', { name: row.name }),
        submit: (row) => remove.mutateAsync({ body: { id: row.id } }),
        done: t('customers.deleted'),
      }}
    />
  );
}
