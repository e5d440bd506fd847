import { useState } from 'react';
import { App, Button, Drawer, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { partyEndpoints, type StoreRow } from '@console/contract/http/lease-parties';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { href } from '@console/contract/screens/screen';
import { Link } from 'react-router';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { DevicePicker } from '../../../components/device-picker.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { PARTY_READS } from '../api.ts';

/** A store's machines in a drawer: its managers add machines of the company (found by serial) and take them out. */
export function StoreMachines({ store, onClose }: { store: StoreRow; onClose: () => void }) {
  const { t } = useTranslation(['lease-parties', 'common']);
  const { message } = App.useApp();
  const [picked, setPicked] = useState<number[]>([]);
  const machines = useQuery(endpointQuery(partyEndpoints.storeMachines, { id: store.id }));
  const add = useEndpointMutation(partyEndpoints.storeAddMachines, { invalidates: PARTY_READS });
  const remove = useEndpointMutation(partyEndpoints.storeRemoveMachine, { invalidates: PARTY_READS });
  return (
    <Drawer open width={720} title={t('stores.machinesTitle', { name: store.name })} onClose={onClose}>
      {store.editable && (
        <div style={{ display: 'flex', gap: 8, marginBottom: 16 }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <DevicePicker
              style={{ width: '100%' }}
              multiple
              editableOnly
              value={picked}
              onChange={(ids: number[]) => setPicked(ids)}
              placeholder={t('stores.pickMachines')}
            />
          </div>
          <Button
            type="primary"
            disabled={picked.length === 0}
            loading={add.isPending}
            onClick={async () => {
              const { added } = await add.mutateAsync({ body: { storeId: store.id, deviceIds: picked } });
              setPicked([]);
              void message.success(t('stores.added', { count: added }));
            }}
          >
            {t('stores.addMachines')}
          </Button>
        </div>
      )}
      <Table
        rowKey="id"
        size="small"
        loading={machines.isPending}
        dataSource={machines.data?.list ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          {
            key: 'serial',
            title: t('machines.serialNumber'),
            render: (_, m) => <Link to={href(deviceDetailScreens.detail, { id: m.id })}>{m.serialNumber}</Link>,
          },
          { key: 'name', title: t('machines.name'), dataIndex: 'deviceName' },
          { key: 'model', title: t('machines.model'), dataIndex: 'modelName' },
          {
            key: 'lease',
            title: t('machines.leaseStatus'),
            render: (_, m) =>
              m.leaseStatus === 'leased' ? (
                <Tag color="green">{t('machines.leased')}</Tag>
              ) : (
                <Tag>{t('machines.stock')}</Tag>
              ),
          },
          ...(store.editable
            ? [
                {
                  key: 'actions',
                  title: t('common:actions'),
                  render: (_: unknown, m: { id: number; serialNumber: string }) => (
                    <ConfirmButton
                      type="link"
                      danger
                      title={t('stores.removeConfirm', { serial: m.serialNumber })}
                      onConfirm={async () => {
                        await remove.mutateAsync({ body: { storeId: store.id, deviceId: m.id } });
                        void message.success(t('stores.removed'));
                      }}
                    >
                      {t('stores.removeMachine')}
                    </ConfirmButton>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}
