import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { customerEndpoints, type CustomerRow, type DistributorRow } from '@console/contract/http/customers';
import { PhoneField } from '../../../components/phone-field.tsx';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { RegionFields } from '../../../components/region-fields.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { CUSTOMER_READS, useCustomerRights, useFormOptions } from '../api.ts';
import { useCustomerFields } from '../fields.tsx';

/** Name, contact, phone and address (with the region picker) of a customer or a distributor. */
export function OrganisationFields({ nameField }: { nameField: React.ReactNode }) {
  const { t } = useTranslation('customers');
  const fields = useCustomerFields();
  return (
    <>
      {nameField}
      {fields.formItems(['contactName'])}
      <PhoneField label={t('contactPhone')} name="contactPhone" areaLabel={t('areaCode')} />
      <RegionFields
        provinceLabel={t('province')}
        cityLabel={t('city')}
        districtLabel={t('district')}
        districtMaxLength={50}
      />
      {fields.formItems(['address'])}
    </>
  );
}

/** The operator files a new customer under one of the rental companies, or keeps it (none chosen). */
function LessorField() {
  const { t } = useTranslation('customers');
  const options = useFormOptions(true).data?.lessors ?? [];
  return (
    <Form.Item name="lessorId" label={t('customers.lessor')} extra={t('customers.lessorHint')}>
      <Select allowClear options={options.map((o) => ({ value: o.id, label: o.name }))} />
    </Form.Item>
  );
}

const editable = (row: CustomerRow | DistributorRow) => ({
  id: row.id,
  name: row.name,
  contactName: row.contactName,
  ...(row.areaCode ? { areaCode: row.areaCode } : {}),
  contactPhone: row.contactPhone,
  province: row.province,
  city: row.city,
  district: row.district,
  address: row.address,
});
export { editable as organisationFormValues };

/** The create and edit dialogs of a customer, for the list and the customer's page. */
export function useCustomerForm(): RegistryForm<
  CustomerRow,
  typeof customerEndpoints.customerCreate.body,
  typeof customerEndpoints.customerUpdate.body
> {
  const { t } = useTranslation('customers');
  const fields = useCustomerFields();
  const rights = useCustomerRights();
  // Silent: the form shows a refusal on its field.
  const create = useEndpointMutation(customerEndpoints.customerCreate, { invalidates: CUSTOMER_READS, silent: true });
  const update = useEndpointMutation(customerEndpoints.customerUpdate, { invalidates: CUSTOMER_READS, silent: true });
  return {
    width: 640,
    fields: (row) => (
      <>
        {!row && rights.operates && <LessorField />}
        <OrganisationFields nameField={fields.formItems(['name'])} />
      </>
    ),
    create: {
      title: t('customers.addTitle'),
      schema: customerEndpoints.customerCreate.body,
      initialValues: {},
      submit: (body) => create.mutateAsync({ body }),
    },
    update: {
      title: (row) => t('customers.editTitle', { name: row.name }),
      schema: customerEndpoints.customerUpdate.body,
      submit: (body) => update.mutateAsync({ body }),
      initialValues: editable,
    },
  };
}
