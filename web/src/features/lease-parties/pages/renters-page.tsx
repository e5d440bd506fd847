import { useTranslation } from 'react-i18next';
import { partyEndpoints } from '@console/contract/http/lease-parties';
import { idNumberColumn } from '@console/contract/lease/renter-identity';
import { useBrand } from '../../../lib/brand.ts';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { PARTY_READS, usePartyRights } from '../api.ts';
import { useRenterForm } from '../components/renter-form.tsx';
import { RENTER_COLUMNS, useRenterFields } from '../fields.tsx';

/** /leaseCenter/renterMng: the lessor's renters, searched on the server, exported as CSV. */
export function RentersPage() {
  const { t } = useTranslation(['lease-parties', 'common']);
  const fields = useRenterFields();
  // The numbers of the brand's country name the column (decision 064): an ABN and a licence under the Australian brand.
  const regime = useBrand().info.taxRegime;
  const form = useRenterForm();
  const rights = usePartyRights();
  const remove = useEndpointMutation(partyEndpoints.renterDelete, { invalidates: PARTY_READS });
  return (
    <RegistryPage
      area="lease-parties"
      resource="renters"
      endpoint={partyEndpoints.renterList}
      rowKey="id"
      title={t('renters.title')}
      exportName={t('renters.exportName')}
      filters={fields.filters(['keyword', 'identityType', 'realNameState'])}
      columns={fields.columns(RENTER_COLUMNS, { idNumber: { title: t(`renters.${idNumberColumn(regime)}`) } })}
      canCreate={rights.writesRenters}
      addLabel={t('renters.add')}
      form={form}
      remove={
        rights.manages
          ? {
              confirm: (row) => t('renters.deleteConfirm', { name: row.name }),
              submit: (row) => remove.mutateAsync({ body: { id: row.id } }),
              done: t('renters.deleted'),
            }
          : undefined
      }
    />
  );
}
