import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { partyEndpoints, type RenterRow } from '@console/contract/http/lease-parties';
import { identityLabels, type IdentityType } from '@console/contract/lease/renter-identity';
import { withPartyIdRule } from '@console/contract/lease/forms';
import { useBrand } from '../../../lib/brand.ts';
import { PhoneField } from '../../../components/phone-field.tsx';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { RegionFields } from '../../../components/region-fields.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { PARTY_READS, usePartyRights } from '../api.ts';
import { useRenterFields } from '../fields.tsx';

/**
 * The renter's fields: the identity type picks the labels of the name and the number (person or company). The
 * real-name state is the managers' (5, 10) to record: a salesperson sees it, read only, and why (the server keeps
 * the stored state whatever is sent, decision 034).
 */
function RenterFields() {
  const { t } = useTranslation('lease-parties');
  const fields = useRenterFields();
  const { manages } = usePartyRights();
  const type = (Form.useWatch<number | undefined>('identityType') ?? 2) as IdentityType;
  const province = Form.useWatch<string | undefined>('province');
  // The contract's label keys (contract/lease/renter-identity.ts) are keys of this catalog's `renter` section: the
  // documents of the brand's country (decision 064), an ABN and a driver licence under the Australian brand.
  const labels = identityLabels(useBrand().info.taxRegime, type, { province });
  return (
    <>
      {fields.formItems(['identityType', 'name', 'idNumber', 'contactName'], {
        overrides: { name: { label: labels.name }, idNumber: { label: labels.idNumber } },
      })}
      <PhoneField label={t('renters.contactPhone')} name="contactPhone" areaLabel={t('areaCode')} />
      <RegionFields
        provinceLabel={t('province')}
        cityLabel={t('city')}
        districtLabel={t('district')}
        districtMaxLength={50}
      />
      {fields.formItems(['address', 'realNameState'], {
        overrides: {
          realNameState: manages
            ? { extra: 'renters.realNameHint' }
            : { disabled: true, extra: 'renters.realNameByManagers' },
        },
      })}
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
  // The identity number is checked as the server checks it under the brand (the labels follow it too).
  const regime = useBrand().info.taxRegime;
  // Silent: the form shows a refusal on its field.
  const create = useEndpointMutation(partyEndpoints.renterCreate, { invalidates: PARTY_READS, silent: true });
  const update = useEndpointMutation(partyEndpoints.renterUpdate, { invalidates: PARTY_READS, silent: true });
  return {
    width: 640,
    fields: () => <RenterFields />,
    create: {
      title: t('renters.addTitle'),
      schema: withPartyIdRule(partyEndpoints.renterCreate.body, regime),
      initialValues: { identityType: 2, realNameState: 'none' },
      submit: (body) => create.mutateAsync({ body }),
    },
    update: {
      title: (row) => t('renters.editTitle', { name: row.name }),
      schema: withPartyIdRule(partyEndpoints.renterUpdate.body, regime),
      submit: (body) => update.mutateAsync({ body }),
      initialValues: editable,
    },
  };
}
