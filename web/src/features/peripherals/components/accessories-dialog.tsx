import { useState } from 'react';
import { Button, Input, InputNumber, Modal, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accessoryEndpoints, type Accessory, type AssetHost } from '@console/contract/http/accessories';
import { LoadError } from '../../../components/query-state.tsx';
import { RegistryActions, RegistryDialog, type RegistryForm } from '../../../components/registry-page.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { formatAmount } from '@console/contract/codes/money';
import { currencyVariablesOf } from '../../../lib/money.ts';
import { YuanInput } from '../../../components/yuan-input.tsx';
import { endpointQuery, readsOf, useEndpointMutation } from '../../../lib/endpoint-query.ts';

/** A change of an accessory shows in the host's list and in the hosts' counts. */
const ACCESSORY_READS = readsOf(accessoryEndpoints);

type CreateSchema = typeof accessoryEndpoints.create.body;
type UpdateSchema = typeof accessoryEndpoints.update.body;

/** The accessories of one host: name, spec, quantity, serial and value, added, edited and removed in place. */
export function AccessoriesDialog({ host }: { host: AssetHost }) {
  const { t } = useTranslation(['peripherals', 'common']);
  const [open, setOpen] = useState(false);
  const list = useQuery({ ...endpointQuery(accessoryEndpoints.list, { deviceId: host.deviceId }), enabled: open });
  // Silent: the form shows a refusal on its field.
  const create = useEndpointMutation(accessoryEndpoints.create, { invalidates: ACCESSORY_READS, silent: true });
  const update = useEndpointMutation(accessoryEndpoints.update, { invalidates: ACCESSORY_READS, silent: true });
  const remove = useEndpointMutation(accessoryEndpoints.delete, { invalidates: ACCESSORY_READS });
  // The values are in the host's owner's currency (decision 064): the list answers it, the host row names it too.
  const money = list.data?.money ?? host.money;
  const currency = currencyVariablesOf(money);
  const form: RegistryForm<Accessory, CreateSchema, UpdateSchema> = {
    fields: () => (
      <>
        <Field name="name" label={t('accessories.name')}>
          <Input maxLength={60} />
        </Field>
        <Field name="spec" label={t('accessories.spec')}>
          <Input maxLength={60} />
        </Field>
        <Field name="quantity" label={t('accessories.quantity')}>
          <InputNumber min={1} max={9999} precision={0} style={{ width: '100%' }} />
        </Field>
        <Field name="serial" label={t('accessories.serial')}>
          <Input maxLength={60} />
        </Field>
        <Field name="valueCents" label={t('accessories.value', currency)}>
          <YuanInput max={1e9} />
        </Field>
      </>
    ),
    create: {
      title: t('accessories.addTitle'),
      schema: accessoryEndpoints.create.body,
      submit: (body) => create.mutateAsync({ body }),
      initialValues: { deviceId: host.deviceId, quantity: 1 },
    },
    update: {
      title: (row) => t('accessories.editTitle', { name: row.name }),
      schema: accessoryEndpoints.update.body,
      submit: (body) => update.mutateAsync({ body }),
      initialValues: ({ deviceId: _d, ...row }) => row,
    },
  };
  const editable = list.data?.editable ?? false;
  return (
    <>
      <Button type="link" onClick={() => setOpen(true)}>
        {t('accessories.list')} ({host.accessoryCount})
      </Button>
      <Modal
        title={t('accessories.listTitle', { serial: host.serialNumber })}
        open={open}
        width={800}
        footer={null}
        mask={{ closable: false }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            {editable && (
              <RegistryDialog
                form={form}
                trigger={
                  <Button type="primary" icon={<PlusOutlined />}>
                    {t('accessories.add')}
                  </Button>
                }
              />
            )}
            <Table<Accessory>
              size="small"
              rowKey="id"
              loading={list.isFetching}
              dataSource={list.data?.list ?? []}
              pagination={false}
              columns={[
                { key: 'name', title: t('accessories.name'), dataIndex: 'name' },
                { key: 'spec', title: t('accessories.spec'), dataIndex: 'spec' },
                { key: 'quantity', title: t('accessories.quantity'), dataIndex: 'quantity' },
                { key: 'serial', title: t('accessories.serial'), dataIndex: 'serial' },
                {
                  key: 'valueCents',
                  title: t('accessories.value', currency),
                  render: (_, a) => formatAmount(a.valueCents, money),
                },
                ...(editable
                  ? [
                      {
                        key: 'actions',
                        title: t('common:actions'),
                        render: (_: unknown, row: Accessory) => (
                          <RegistryActions
                            row={row}
                            form={form}
                            remove={{
                              confirm: (a) => t('accessories.deleteConfirm', { name: a.name }),
                              submit: (a) => remove.mutateAsync({ body: { id: a.id } }),
                              done: t('accessories.deleted'),
                            }}
                          />
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          </Space>
        )}
      </Modal>
    </>
  );
}
