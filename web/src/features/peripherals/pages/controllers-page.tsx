import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_EDITORS } from '@console/contract/http/devices';
import { controllerEndpoints, type Controller } from '@console/contract/http/peripherals';
import type { ListColumn } from '../../../components/list-page.tsx';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useBindingColumns } from '../components/binding-columns.tsx';
import { useControllerForm } from '../components/controller-form.tsx';

/** /deviceManagement/controllers: the controller units on the machines. */
export function ControllersPage() {
  const { t } = useTranslation('peripherals');
  const editor = (DEVICE_EDITORS as readonly number[]).includes(useSession().roleId);
  const form = useControllerForm();
  const columns: ListColumn<Controller>[] = [
    { key: 'serialNumber', title: t('controllers.serialNumber'), dataIndex: 'serialNumber' },
    { key: 'model', title: t('controllers.model'), dataIndex: 'model' },
    { key: 'firmwareVersion', title: t('controllers.firmwareVersion'), dataIndex: 'firmwareVersion' },
    ...useBindingColumns<Controller>(),
    { key: 'remark', title: t('controllers.remark'), dataIndex: 'remark', defaultHidden: true },
  ];
  return (
    <RegistryPage
      area="peripherals"
      resource="controllers"
      endpoint={controllerEndpoints.list}
      rowKey="id"
      title={t('controllers.title')}
      exportName={t('controllers.exportName')}
      filters={[
        { name: 'serialNumber', label: t('controllers.serialNumber'), input: <Input allowClear maxLength={40} /> },
        { name: 'model', label: t('controllers.model'), input: <Input allowClear maxLength={40} /> },
        { name: 'deviceSerial', label: t('common.device'), input: <Input allowClear maxLength={40} /> },
      ]}
      columns={columns}
      canCreate={editor}
      addLabel={t('controllers.add')}
      form={form}
      remove={{
        confirm: (row) => t('controllers.deleteConfirm', { serial: row.serialNumber }),
        submit: (row) => callApi(controllerEndpoints.delete, { body: { id: row.id } }),
        done: t('controllers.deleted'),
      }}
    />
  );
}
