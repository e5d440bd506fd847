import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { subleaseEndpoints } from '@console/contract/http/lease-sublease';
import { idNumberColumn } from '@console/contract/lease/renter-identity';
import { useBrand } from '../../../lib/brand.ts';
import { leaseSubleaseScreens } from '@console/contract/screens/lease-sublease';
import { href } from '@console/contract/screens/screen';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { SUBLEASE_READS, useSubleaseRights } from '../api.ts';
import { useSublessorForm } from '../components/sublessor-form.tsx';
import { SUBLESSOR_COLUMNS, useSublessorFields } from '../fields.tsx';

/** /leaseCenter/subleaseMng: the companies the lessor rents machines from, searched on the server, as CSV. */
export function SublessorsPage() {
  const { t } = useTranslation(['lease-sublease', 'common']);
  const fields = useSublessorFields();
  // The numbers of the brand's country name the column (decision 064): an ABN and a licence under the Australian brand.
  const regime = useBrand().info.taxRegime;
  const form = useSublessorForm();
  const rights = useSubleaseRights();
  const remove = useEndpointMutation(subleaseEndpoints.sublessorDelete, { invalidates: SUBLEASE_READS });
  return (
    <RegistryPage
      area="lease-sublease"
      resource="sublessors"
      endpoint={subleaseEndpoints.sublessorList}
      rowKey="id"
      title={t('sublessors.title')}
      exportName={t('sublessors.exportName')}
      filters={fields.filters(['keyword', 'identityType'])}
      columns={fields.columns(SUBLESSOR_COLUMNS, { idNumber: { title: t(`sublessors.${idNumberColumn(regime)}`) } })}
      canCreate={rights.manages}
      addLabel={t('sublessors.add')}
      form={form}
      rowActions={(row) =>
        row.editable && (
          <Link to={href(leaseSubleaseScreens.addSubDevice, { sublessorId: row.id })}>
            <Button type="link">{t('rentIn.action')}</Button>
          </Link>
        )
      }
      remove={
        rights.manages
          ? {
              confirm: (row) => t('sublessors.deleteConfirm', { name: row.name }),
              submit: (row) => remove.mutateAsync({ body: { id: row.id } }),
              done: t('sublessors.deleted'),
            }
          : undefined
      }
    />
  );
}
