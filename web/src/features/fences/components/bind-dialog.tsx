import { useState } from 'react';
import { App, Button, Modal, Select, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fenceEndpoints, type FenceDetail } from '@console/contract/http/fences';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { FENCE_READS } from '../api/fences.ts';

/**
 * Bind machines to a fence: the owner's machines, found by serial number or name on the server (a fleet is too
 * large to list). A machine has one fence; one bound elsewhere says so and moves here.
 */
export function BindDialog({ fence }: { fence: FenceDetail }) {
  const { t } = useTranslation('fences');
  const { message } = App.useApp();
  const bindCall = useEndpointMutation(fenceEndpoints.bind, { invalidates: FENCE_READS });
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const found = useQuery({
    ...endpointQuery(fenceEndpoints.candidates, { id: fence.id, search }, { background: true }),
    placeholderData: keepPreviousData,
    enabled: open,
  });
  // Labels of machines chosen earlier stay while another search shows other machines.
  const [labels, setLabels] = useState(new Map<number, string>());
  const options = (found.data ?? []).map((m) => ({
    value: m.id,
    label: m.fenceName
      ? t('machines.candidateElsewhere', { serial: m.serialNumber, name: m.deviceName, fence: m.fenceName })
      : t('machines.candidate', { serial: m.serialNumber, name: m.deviceName }),
  }));
  const shown = [
    ...options,
    ...chosen
      .filter((id) => !options.some((o) => o.value === id))
      .map((id) => ({ value: id, label: labels.get(id) ?? '' })),
  ];

  const close = () => {
    setOpen(false);
    setChosen([]);
    setSearch('');
    setError(null);
  };

  const bind = async () => {
    if (chosen.length === 0) {
      setError(t('machines.pickFirst'));
      return;
    }
    setSaving(true);
    try {
      const { bound } = await bindCall.mutateAsync({ body: { id: fence.id, deviceIds: chosen } });
      void message.success(t('machines.bound', { count: bound }));
      close();
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button type="primary" icon={<LinkOutlined />} onClick={() => setOpen(true)}>
        {t('machines.bind')}
      </Button>
      <Modal
        title={t('machines.bindTitle', { name: fence.name })}
        open={open}
        onOk={bind}
        onCancel={close}
        okText={t('machines.bind')}
        confirmLoading={saving}
        mask={{ closable: false }}
        destroyOnHidden
      >
        <label htmlFor="fence-bind-machines">{t('machines.pick')}</label>
        <Select
          id="fence-bind-machines"
          mode="multiple"
          style={{ width: '100%', marginTop: 8 }}
          value={chosen}
          onChange={(ids: number[]) => {
            setLabels(new Map([...labels, ...options.map((o) => [o.value, o.label] as const)]));
            setChosen(ids);
            setError(null);
          }}
          placeholder={t('machines.search')}
          showSearch={{ filterOption: false, onSearch: setSearch }}
          loading={found.isFetching}
          options={shown}
          status={error ? 'error' : undefined}
        />
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
      </Modal>
    </>
  );
}
