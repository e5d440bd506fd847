import { useTranslation } from 'react-i18next';
import { deviceModelEndpoints } from '@console/contract/http/device-models';
import { DEVICE_EDITORS } from '@console/contract/access/devices';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { useSession } from '../../../lib/session.ts';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { MODEL_READS } from '../api/devices.ts';
import { useModelForm } from '../components/model-form.tsx';
import { useModelFields } from '../fields.tsx';

/** /deviceManagement/models: the device types (models) the user's machines may use. */
export function ModelsPage() {
  const { t } = useTranslation(['devices', 'common']);
  const { roleId } = useSession();
  const editor = (DEVICE_EDITORS as readonly number[]).includes(roleId);
  const form = useModelForm();
  const remove = useEndpointMutation(deviceModelEndpoints.delete, { invalidates: MODEL_READS });

  const fields = useModelFields();

  return (
    <RegistryPage
      area="devices"
      resource="models"
      endpoint={deviceModelEndpoints.list}
      rowKey="id"
      title={t('models.title')}
      exportName={t('models.exportName')}
      filters={fields.filters(['name', 'category'])}
      columns={fields.columns(['image', 'name', 'category', 'brand', 'deviceCount', 'shared', 'createdAt'])}
      canCreate={editor}
      addLabel={t('models.add')}
      form={form}
      remove={{
        confirm: (row) => t('models.deleteConfirm', { name: row.name }),
        submit: (row) => remove.mutateAsync({ body: { id: row.id } }),
        done: t('models.deleted'),
      }}
    />
  );
}
