import { useState } from 'react';
import { Alert, App, Button, Card, Form, Result, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deviceEndpoints, type DeviceOptions, type DeviceRow } from '@console/contract/http/devices';
import { DEVICE_EDITORS } from '@console/contract/access/devices';
import { LoadError, QueryState } from '../../../components/query-state.tsx';
import { SchemaForm } from '../../../components/schema-form.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { useSession } from '../../../lib/session.ts';
import { DEVICE_READS, deviceOptionsQuery } from '../api/devices.ts';
import { HostFormFields } from '../components/host-form-fields.tsx';
import { ResetSecretButton } from '../components/reset-secret-button.tsx';
import { SecretDialog, type IssuedSecret } from '../components/secret-dialog.tsx';
import { href } from '@console/contract/screens/screen';
import { deviceScreens } from '@console/contract/screens/devices';

/** The form's values for a machine as the registry answers it. */
function formValues(device: DeviceRow) {
  const { id, serialNumber, modelId, hostSerial, hostName, deviceName, hostType, brand, machineNumber } = device;
  return {
    ...{ id, serialNumber, modelId, hostSerial, hostName, deviceName, hostType, brand, machineNumber },
    ...{ gpsSerial: device.gpsSerial, positioning: device.positioning, licensePlate: device.licensePlate },
    ...{ engineNumber: device.engineNumber, frameNumber: device.frameNumber, installedAt: device.installedAt },
    ...{ location: device.location, inventoryState: device.inventoryState },
    serviceExpiresAt: device.serviceExpiresAt,
    ownerId: device.ownerId,
    distributorId: device.distributorId ?? undefined,
  };
}

/** A new machine; its MQTT secret is shown once after saving. */
function CreateHost({ options }: { options: DeviceOptions }) {
  const { t } = useTranslation('devices');
  const [form] = Form.useForm();
  const navigate = useNavigate();
  // Silent: the form shows a refusal on its field.
  const create = useEndpointMutation(deviceEndpoints.create, { invalidates: DEVICE_READS, silent: true });
  const [issued, setIssued] = useState<IssuedSecret | null>(null);
  // The user's own organisation comes first among the owners.
  const ownerId = options.owners[0]?.id;
  return (
    <Card title={t('form.addTitle')}>
      <SchemaForm
        form={form}
        schema={deviceEndpoints.create.body}
        initialValues={{ positioning: 'gps', inventoryState: 1, ownerId }}
        onSubmit={(body) => create.mutateAsync({ body })}
        onSuccess={setIssued}
      >
        <HostFormFields form={form} options={options} editing={false} />
      </SchemaForm>
      <SecretDialog
        issued={issued}
        onClose={() => void navigate(href(deviceScreens.list, { serialNumber: issued?.serialNumber ?? '' }))}
        footer={
          <Button
            key="another"
            onClick={() => {
              form.resetFields();
              setIssued(null);
            }}
          >
            {t('secret.addAnother')}
          </Button>
        }
      />
    </Card>
  );
}

/** An existing machine: editable by its owner's editors, read-only for everyone else who sees it. */
function EditHost({ device, options }: { device: DeviceRow; options: DeviceOptions }) {
  const { t } = useTranslation(['devices', 'common']);
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const update = useEndpointMutation(deviceEndpoints.update, { invalidates: DEVICE_READS, silent: true });
  return (
    <Card
      title={t('form.editTitle', { serial: device.serialNumber })}
      extra={device.editable && <ResetSecretButton deviceId={device.id} />}
    >
      {!device.editable && <Alert type="info" showIcon title={t('form.readOnly')} style={{ marginBottom: 16 }} />}
      <SchemaForm
        form={form}
        schema={deviceEndpoints.update.body}
        initialValues={formValues(device)}
        disabled={!device.editable}
        onSubmit={(body) => update.mutateAsync({ body })}
        onSuccess={() => {
          void message.success(t('form.saved'));
          void navigate(href(deviceScreens.list));
        }}
      >
        <HostFormFields form={form} options={options} editing device={device} />
      </SchemaForm>
    </Card>
  );
}

function EditHostLoader({ id, options }: { id: number; options: DeviceOptions }) {
  const query = useQuery(endpointQuery(deviceEndpoints.get, { id }));
  return <QueryState query={query}>{(device) => <EditHost device={device} options={options} />}</QueryState>;
}

/** /deviceManagement/addMachine (create) and /deviceManagement/addMachine?id=<id> (edit). */
export function HostFormPage() {
  const { t } = useTranslation('devices');
  const { query, malformed } = useScreenQuery(deviceScreens.form);
  const { roleId } = useSession();
  const options = useQuery(deviceOptionsQuery());
  const id = query.id ?? null;

  if (id === null && !(DEVICE_EDITORS as readonly number[]).includes(roleId)) {
    return <Result status="403" title={t('form.noPermission')} />;
  }
  if (malformed || (id !== null && !(Number.isInteger(id) && id > 0))) {
    return <Result status="404" title={t('form.notFound')} />;
  }
  if (options.isError) return <LoadError error={options.error} onRetry={() => void options.refetch()} />;
  if (!options.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return id === null ? <CreateHost options={options.data} /> : <EditHostLoader id={id} options={options.data} />;
}
