import { useState } from 'react';
import { Button, Descriptions, Drawer, Tabs, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { monitorEndpoints, type CameraRow } from '@console/contract/http/monitor';
import { CAMERA_EDITORS } from '@console/contract/access/monitor';
import { QueryState } from '../../../components/query-state.tsx';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { endpointQuery, readsOf, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useHasRole } from '../../../lib/session.ts';
import { LivePlayer } from '../components/live-player.tsx';
import { PlayerGrid } from '../components/player-grid.tsx';
import { useCameraFields } from '../fields.tsx';

const FORM = ['deviceId', 'channel', 'name', 'position', 'remark'] as const;
const READS = readsOf(monitorEndpoints);

/** A camera's record and its live picture. */
function CameraDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('monitor');
  const fields = useCameraFields();
  const camera = useQuery({ ...endpointQuery(monitorEndpoints.camera, { id: id ?? 0 }), enabled: id !== null });
  return (
    <Drawer open={id !== null} onClose={onClose} width={680} title={t('detail.title')} destroyOnHidden>
      {id !== null && (
        <QueryState query={camera}>
          {(row) => (
            <>
              <Descriptions
                column={2}
                size="small"
                items={fields.descriptions(row, [
                  'serialNumber',
                  'hostName',
                  'machineKind',
                  'link',
                  'ownerName',
                  'channel',
                  'name',
                  'position',
                  'remark',
                  'updatedAt',
                ])}
              />
              <Typography.Title level={5} style={{ marginTop: 16 }}>
                {t('detail.live')}
              </Typography.Title>
              <LivePlayer
                height={380}
                camera={{
                  cameraId: row.id,
                  deviceId: row.deviceId,
                  serialNumber: row.serialNumber,
                  channel: row.channel,
                  name: row.name,
                  editable: row.editable,
                }}
              />
            </>
          )}
        </QueryState>
      )}
    </Drawer>
  );
}

/** The cameras bound to the machines in scope: bound, changed and unbound by the machines' owners. */
function CameraRegistry() {
  const { t } = useTranslation('monitor');
  const fields = useCameraFields();
  const [opened, setOpened] = useState<number | null>(null);
  const editor = useHasRole(CAMERA_EDITORS);
  const create = useEndpointMutation(monitorEndpoints.create, { invalidates: READS, silent: true });
  const update = useEndpointMutation(monitorEndpoints.update, { invalidates: READS, silent: true });
  const remove = useEndpointMutation(monitorEndpoints.remove, { invalidates: READS });
  // Opens the camera's drawer (not another page): a button that looks like a link.
  const nameCell = (row: CameraRow) => (
    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpened(row.id)}>
      {row.name}
    </Button>
  );
  return (
    <>
      <RegistryPage
        area="monitor"
        resource="cameras"
        endpoint={monitorEndpoints.cameras}
        rowKey="id"
        title={t('cameras.title')}
        exportName={t('cameras.exportName')}
        filters={fields.filters(['keyword', 'machineKind', 'position'])}
        columns={fields.columns(
          [
            'serialNumber',
            'hostName',
            'machineKind',
            'link',
            'channel',
            'name',
            'position',
            'ownerName',
            'remark',
            'updatedAt',
          ],
          { name: { render: (_: unknown, row: CameraRow) => nameCell(row) } },
        )}
        canCreate={editor}
        addLabel={t('cameras.add')}
        form={{
          width: 560,
          fields: (row) => fields.formItems(row ? FORM.filter((key) => key !== 'deviceId') : FORM),
          create: {
            title: t('cameras.addTitle'),
            schema: monitorEndpoints.create.body,
            submit: (body) => create.mutateAsync({ body }),
            initialValues: { channel: 1, position: 'boom', remark: '' },
          },
          update: {
            title: (row) => t('cameras.editTitle', { serial: row.serialNumber, channel: row.channel }),
            schema: monitorEndpoints.update.body,
            submit: (body) => update.mutateAsync({ body }),
            initialValues: (row) => ({
              id: row.id,
              channel: row.channel,
              name: row.name,
              position: row.position,
              remark: row.remark,
            }),
          },
        }}
        remove={{
          confirm: (row) => t('cameras.deleteConfirm', { serial: row.serialNumber, channel: row.channel }),
          submit: (row) => remove.mutateAsync({ body: { id: row.id } }),
          done: t('cameras.deleted'),
        }}
      />
      <CameraDrawer id={opened} onClose={() => setOpened(null)} />
    </>
  );
}

/** /monitorManagement/monitor: live video of the machines' cameras, and the cameras bound to them. */
export function MonitorPage() {
  const { t } = useTranslation('monitor');
  return (
    <Tabs
      items={[
        { key: 'live', label: t('tabs.live'), children: <PlayerGrid /> },
        { key: 'cameras', label: t('tabs.cameras'), children: <CameraRegistry /> },
      ]}
    />
  );
}
