import { Alert, App, Button, Form, Modal, Select, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerEndpoints, type CustomerMachine, type CustomerRow } from '@console/contract/http/customers';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { CUSTOMER_READS, useFormOptions } from '../api.ts';
import { useMachineFields } from '../fields.tsx';

/**
 * Assign a distributor to a customer (decision 043): the distributor, and the customer's machines (hosts) it
 * serves; with machines, at least one host is selected (spec: "Distributor assignment requires a selected host").
 */
export function AssignDistributor({ customer, machines }: { customer: CustomerRow; machines: CustomerMachine[] }) {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const fields = useMachineFields();
  const [open, setOpen] = useState(false);
  const [distributorId, setDistributorId] = useState<number | null>(customer.distributorId);
  const [selected, setSelected] = useState<number[]>([]);
  const [missingHost, setMissingHost] = useState(false);
  const options = useFormOptions(open).data?.distributors ?? [];
  const assign = useEndpointMutation(customerEndpoints.assignDistributor, { invalidates: CUSTOMER_READS });

  const start = () => {
    setDistributorId(customer.distributorId);
    // The hosts it already serves are ticked.
    const current = customer.distributorName;
    setSelected(machines.filter((m) => current && m.distributorName === current).map((m) => m.id));
    setMissingHost(false);
    setOpen(true);
  };
  const submit = async () => {
    if (distributorId !== null && machines.length > 0 && selected.length === 0) {
      setMissingHost(true);
      return;
    }
    await assign.mutateAsync({ body: { id: customer.id, distributorId, deviceIds: distributorId ? selected : [] } });
    void message.success(distributorId ? t('assign.done') : t('assign.removed'));
    setOpen(false);
  };

  return (
    <>
      <Button onClick={start}>{t('assign.button')}</Button>
      <Modal
        open={open}
        title={t('assign.title', { name: customer.name })}
        width={760}
        maskClosable={false}
        okText={t('assign.ok')}
        confirmLoading={assign.isPending}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('customers.distributor')} extra={t('assign.noneHint')}>
            <Select
              aria-label={t('customers.distributor')}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={distributorId ?? undefined}
              onChange={(v: number | undefined) => setDistributorId(v ?? null)}
              options={options.map((o) => ({ value: o.id, label: o.name }))}
            />
          </Form.Item>
          {distributorId !== null && (
            <Form.Item
              label={t('assign.hosts', { count: selected.length })}
              validateStatus={missingHost ? 'error' : undefined}
              help={missingHost ? t('assign.selectHost') : machines.length === 0 ? t('assign.noMachines') : undefined}
            >
              {machines.length > 0 && (
                <Table
                  rowKey="id"
                  size="small"
                  dataSource={machines}
                  pagination={{ pageSize: 8, hideOnSinglePage: true }}
                  rowSelection={{
                    selectedRowKeys: selected,
                    onChange: (keys) => {
                      setSelected(keys as number[]);
                      setMissingHost(false);
                    },
                  }}
                  columns={fields.columns(['serialNumber', 'deviceName', 'modelName', 'distributorName'])}
                />
              )}
            </Form.Item>
          )}
          {distributorId === null && customer.distributorId !== null && (
            <Alert type="warning" showIcon message={t('assign.removeWarning')} />
          )}
        </Form>
      </Modal>
    </>
  );
}
