import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { partyEndpoints, type StoreRow } from '@console/contract/http/lease-parties';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { PARTY_READS, usePartyRights } from '../api.ts';
import { useStoreForm } from '../components/store-form.tsx';
import { StoreMachines } from '../components/store-machines.tsx';
import { useStoreFields } from '../fields.tsx';

/** /leaseCenter/storeMng: the lessor's depots and the machines of each. */
export function StoresPage() {
  const { t } = useTranslation(['lease-parties', 'common']);
  const fields = useStoreFields();
  const form = useStoreForm();
  const rights = usePartyRights();
  const [open, setOpen] = useState<StoreRow | null>(null);
  const remove = useEndpointMutation(partyEndpoints.storeDelete, { invalidates: PARTY_READS });
  return (
    <>
      <RegistryPage
        area="lease-parties"
        resource="stores"
        endpoint={partyEndpoints.storeList}
        rowKey="id"
        title={t('stores.title')}
        exportName={t('stores.exportName')}
        filters={fields.filters(['keyword'])}
        columns={fields.columns(['name', 'address', 'position', 'managerName', 'phone', 'deviceCount', 'lessorName'])}
        canCreate={rights.manages}
        addLabel={t('stores.add')}
        form={form}
        rowActions={(row) => (
          <Button type="link" onClick={() => setOpen(row)}>
            {t('stores.machines')}
          </Button>
        )}
        remove={{
          confirm: (row) => t('stores.deleteConfirm', { name: row.name }),
          submit: (row) => remove.mutateAsync({ body: { id: row.id } }),
          done: t('stores.deleted'),
        }}
      />
      {open && <StoreMachines store={open} onClose={() => setOpen(null)} />}
    </>
  );
}
