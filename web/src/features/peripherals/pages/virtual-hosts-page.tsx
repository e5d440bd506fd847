import { useTranslation } from 'react-i18next';
import { DEVICE_EDITORS } from '@console/contract/access/devices';
import { virtualHostEndpoints } from '@console/contract/http/virtual-hosts';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useHasRole } from '../../../lib/session.ts';
import { ImportDialog } from '../components/import-dialog.tsx';
import { useVirtualHostForm } from '../components/virtual-host-form.tsx';
import { useVirtualHostFields } from '../fields.tsx';

/** /deviceManagement/virtualHosts: machines kept on the books without a telematics unit, with spreadsheet import. */
export function VirtualHostsPage() {
  const { t } = useTranslation(['peripherals', 'common']);
  const editor = useHasRole(DEVICE_EDITORS);
  const form = useVirtualHostForm();
  const remove = useEndpointMutation(virtualHostEndpoints.delete, { invalidates: [virtualHostEndpoints.list] });

  const fields = useVirtualHostFields();

  return (
    <RegistryPage
      area="peripherals"
      resource="virtualHosts"
      endpoint={virtualHostEndpoints.list}
      rowKey="id"
      title={t('virtualHosts.title')}
      exportName={t('virtualHosts.exportName')}
      filters={fields.filters([
        'hostNumber',
        'brand',
        'customerName',
        'installationType',
        'powerSource',
        'leaseStatus',
      ])}
      columns={fields.columns([
        'hostNumber',
        'installationType',
        'brand',
        'platformHeight',
        'powerSource',
        'equipmentHeight',
        'customerName',
        'leaseStatus',
        'ownerName',
        'createdAt',
      ])}
      canCreate={editor}
      addLabel={t('virtualHosts.add')}
      toolbar={editor && <ImportDialog />}
      form={form}
      remove={{
        confirm: (row) => t('virtualHosts.deleteConfirm', { number: row.hostNumber }),
        submit: (row) => remove.mutateAsync({ body: { id: row.id } }),
        done: t('virtualHosts.deleted'),
      }}
    />
  );
}
