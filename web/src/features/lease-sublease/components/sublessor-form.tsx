import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { subleaseEndpoints, type SublessorRow } from '@console/contract/http/lease-sublease';
import { identityLabels, type IdentityType } from '@console/contract/lease/renter-identity';
import { withPartyIdRule } from '@console/contract/lease/forms';
import { useBrand } from '../../../lib/brand.ts';
import { PhoneField } from '../../../components/phone-field.tsx';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { RegionFields } from '../../../components/region-fields.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { SUBLEASE_READS } from '../api.ts';
import { useSublessorFields } from '../fields.tsx';

/** The sub-lessor's fields, as a renter's (the identity type picks the labels) with its bank details. */
export function SublessorFields({ creating }: { creating: boolean }) {
  const { t } = useTranslation('lease-sublease');
  const fields = useSublessorFields();
  const type = (Form.useWatch<number | undefined>('identityType') ?? 2) as IdentityType;
  const province = Form.useWatch<string | undefined>('province');
  // The documents of the brand's country (decision 064): an ABN and a driver licence under the Australian brand.
  const labels = identityLabels(useBrand().info.taxRegime, type, { province });
  return (
    <>
      {fields.formItems(['identityType', 'name', 'idNumber', 'contactName'], {
        overrides: {
          name: { label: `lease-parties:${labels.name}` },
          idNumber: { label: `lease-parties:${labels.idNumber}` },
        },
      })}
      <PhoneField label={t('sublessors.contactPhone')} name="contactPhone" areaLabel={t('areaCode')} />
      <RegionFields
        provinceLabel={t('province')}
        cityLabel={t('city')}
        districtLabel={t('district')}
        districtMaxLength={50}
      />
      {fields.formItems(['address', 'bankName', 'bankAccountName', 'bankAccount', 'remark'])}
      {creating && (
        <PhoneField
          label={t('sublessors.accountMobile')}
          name="accountMobile"
          areaName="accountAreaCode"
          areaLabel={t('sublessors.accountAreaCode')}
          optional
        />
      )}
    </>
  );
}

export const editableSublessor = (row: SublessorRow) => ({
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
  bankName: row.bankName,
  bankAccountName: row.bankAccountName,
  bankAccount: row.bankAccount,
  remark: row.remark,
});

/** The create and edit dialogs of a sub-lessor, for the list. */
export function useSublessorForm(): RegistryForm<
  SublessorRow,
  typeof subleaseEndpoints.sublessorCreate.body,
  typeof subleaseEndpoints.sublessorUpdate.body
> {
  const { t } = useTranslation('lease-sublease');
  // The identity number is checked as the server checks it under the brand (the labels follow it too).
  const regime = useBrand().info.taxRegime;
  // Silent: the form shows a refusal on its field.
  const create = useEndpointMutation(subleaseEndpoints.sublessorCreate, { invalidates: SUBLEASE_READS, silent: true });
  const update = useEndpointMutation(subleaseEndpoints.sublessorUpdate, { invalidates: SUBLEASE_READS, silent: true });
  return {
    width: 640,
    fields: (row) => <SublessorFields creating={row === undefined} />,
    create: {
      title: t('sublessors.addTitle'),
      schema: withPartyIdRule(subleaseEndpoints.sublessorCreate.body, regime),
      initialValues: { identityType: 2 },
      submit: (body) => create.mutateAsync({ body }),
    },
    update: {
      title: (row) => t('sublessors.editTitle', { name: row.name }),
      schema: withPartyIdRule(subleaseEndpoints.sublessorUpdate.body, regime),
      submit: (body) => update.mutateAsync({ body }),
      initialValues: editableSublessor,
    },
  };
}
