import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  IDENTITY_TYPE_CODE,
  REAL_NAME_CODE,
  partyEndpoints,
  type RenterRow,
} from '@console/contract/http/lease-parties';
import { IDENTITY_LABELS, type IdentityType } from '@console/contract/lease/renter-identity';
import { numericCodeOptions, codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { PhoneField } from '../../../components/phone-field.tsx';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { RegionFields } from '../../../components/region-fields.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { PARTY_READS } from '../api.ts';

/** The renter's fields: the identity type picks the labels of the name and the number (person or company). */
function RenterFields() {
  const { t } = useTranslation('lease-parties');
  const label = useCodeLabel();
  const type = (Form.useWatch<number | undefined>('identityType') ?? 2) as IdentityType;
  // The contract's label keys (contract/lease/renter-identity.ts) are keys of this catalog's `renter` section.
  const labels = (IDENTITY_LABELS[type] ?? IDENTITY_LABELS[2]) as {
    name: 'renter.personName' | 'renter.companyName';
    idNumber: 'renter.idCard' | 'renter.creditCode';
  };
  return (
    <>
      <Field name="identityType" label={t('renters.identityType')}>
        <Radio.Group options={numericCodeOptions(label, IDENTITY_TYPE_CODE)} optionType="button" />
      </Field>
      <Field name="name" label={t(labels.name)}>
        <Input maxLength={100} />
      </Field>
      <Field name="idNumber" label={t(labels.idNumber)}>
        <Input maxLength={30} />
      </Field>
      <Field name="contactName" label={t('renters.contactName')}>
        <Input maxLength={50} />
      </Field>
      <PhoneField label={t('renters.contactPhone')} name="contactPhone" areaLabel={t('areaCode')} />
      <RegionFields
        provinceLabel={t('province')}
        cityLabel={t('city')}
        districtLabel={t('district')}
        districtMaxLength={50}
      />
      <Field name="address" label={t('renters.address')}>
        <Input maxLength={200} />
      </Field>
      <Field name="realNameState" label={t('renters.realNameState')}>
        <Select options={codeOptions(label, REAL_NAME_CODE)} />
      </Field>
    </>
  );
}

const editable = (row: RenterRow) => ({
  id: row.id,
  name: row.name,
  identityType: row.identityType,
  idNumber: row.idNumber,
  contactName: row.contactName,
  ...(row.areaCode ? { areaCode: row.areaCode } : {}),
  contactPhone: row.contactPhone,
  province: row.province,
  city: row.city,
  district: row.district,
  address: row.address,
  realNameState: row.realNameState,
});

/** The create and edit dialogs of a renter, for the list and the detail page. */
export function useRenterForm(): RegistryForm<
  RenterRow,
  typeof partyEndpoints.renterCreate.body,
  typeof partyEndpoints.renterUpdate.body
> {
  const { t } = useTranslation('lease-parties');
  // Silent: the form shows a refusal on its field.
  const create = useEndpointMutation(partyEndpoints.renterCreate, { invalidates: PARTY_READS, silent: true });
  const update = useEndpointMutation(partyEndpoints.renterUpdate, { invalidates: PARTY_READS, silent: true });
  return {
    width: 640,
    fields: () => <RenterFields />,
    create: {
      title: t('renters.addTitle'),
      schema: partyEndpoints.renterCreate.body,
      initialValues: { identityType: 2, realNameState: 'none' },
      submit: (body) => create.mutateAsync({ body }),
    },
    update: {
      title: (row) => t('renters.editTitle', { name: row.name }),
      schema: partyEndpoints.renterUpdate.body,
      submit: (body) => update.mutateAsync({ body }),
      initialValues: editable,
    },
  };
}
