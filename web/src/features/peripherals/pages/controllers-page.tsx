import { useTranslation } from 'react-i18next';
import { DEVICE_EDITORS } from '@console/contract/access/devices';
import { controllerEndpoints } from '@console/contract/http/peripherals';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useHasRole } from '../../../lib/session.ts';
import { useControllerForm } from '../components/controller-form.tsx';
import { BINDING_COLUMNS, useControllerFields } from '../fields.tsx';

/** /deviceManagement/controllers: the controller units on the machines. */
export function ControllersPage() {
  const { t } = useTranslation('peripherals');
  const editor = useHasRole(DEVICE_EDITORS);
  const form = useControllerForm();
  const remove = useEndpointMutation(controllerEndpoints.delete, { invalidates: [controllerEndpoints.list] });
  const fields = useControllerFields();
  return (
    <RegistryPage
      area="peripherals"
      resource="controllers"
      endpoint={controllerEndpoints.list}
      rowKey="id"
      title={t('controllers.title')}
      exportName={t('controllers.exportName')}
      filters={fields.filters(['serialNumber', 'model', 'deviceSerial'])}
      columns={fields.columns(['serialNumber', 'model', 'firmwareVersion', ...BINDING_COLUMNS, 'remark'])}
      canCreate={editor}
      addLabel={t('controllers.add')}
      form={form}
      remove={{
        confirm: (row) => t('controllers.deleteConfirm', { serial: row.serialNumber }),
        submit: (row) => remove.mutateAsync({ body: { id: row.id } }),
        done: t('controllers.deleted'),
      }}
    />
  );
}
