import { useEffect, useState, type ReactElement } from 'react';
import { App, Card, Empty, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  leaseHandoverEndpoints as api,
  MAX_HANDOVER_PHOTOS,
  type HandoverOptions,
} from '@console/contract/http/lease-handover';
import { DayField } from '../../../components/picker-fields.tsx';
import { UploadField } from '../../../components/upload-field.tsx';
import { useOrgToday } from '../../../lib/days.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { handoverHref, HANDOVER_READS } from '../api.ts';
import { ContractFilter } from './contract-filter.tsx';

type Kind = 'entry' | 'exit';
interface Picked {
  lineId: number;
  deviceId: number;
  serialNumber: string;
  damage: string;
  photos: string[];
}

/** Per line of the contract, the machines to deliver (at most what the line still takes) or to return. */
function MachinePicker({
  kind,
  options,
  picked,
  onChange,
}: {
  kind: Kind;
  options: HandoverOptions;
  picked: Picked[];
  onChange: (next: Picked[]) => void;
}) {
  const { t } = useTranslation('lease-handover');
  const lines = options.lines.filter((l) => kind === 'exit' || l.onLease < l.count);
  if (lines.every((l) => l.candidates.length === 0)) return <Empty description={t(`form.noMachines.${kind}`)} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {lines.map((line) => {
        const mine = picked.filter((p) => p.lineId === line.lineId);
        const room = kind === 'entry' ? line.count - line.onLease : line.candidates.length;
        return (
          <Form.Item
            key={line.lineId}
            label={`${line.serialNumber || line.modelName} · ${t('form.lineCount', { onLease: line.onLease, count: line.count })}`}
            style={{ marginBottom: 8 }}
          >
            <Select
              mode="multiple"
              aria-label={t('form.machinesOf', { line: line.serialNumber || line.modelName })}
              data-testid={`line-${line.lineId}`}
              value={mine.map((p) => p.deviceId)}
              maxCount={room}
              showSearch={{ optionFilterProp: 'label' }}
              options={line.candidates.map((c) => ({ value: c.deviceId, label: c.serialNumber }))}
              onChange={(ids: number[]) =>
                onChange([
                  ...picked.filter((p) => p.lineId !== line.lineId),
                  ...ids.map(
                    (deviceId) =>
                      mine.find((p) => p.deviceId === deviceId) ?? {
                        lineId: line.lineId,
                        deviceId,
                        serialNumber: line.candidates.find((c) => c.deviceId === deviceId)?.serialNumber ?? '',
                        damage: '',
                        photos: [],
                      },
                  ),
                ])
              }
            />
          </Form.Item>
        );
      })}
    </Space>
  );
}

/** The inspection of each picked machine: damage notes and photos (the readings come from its telemetry). */
function Inspection({ picked, onChange }: { picked: Picked[]; onChange: (next: Picked[]) => void }) {
  const { t } = useTranslation('lease-handover');
  const set = (deviceId: number, change: Partial<Picked>) =>
    onChange(picked.map((p) => (p.deviceId === deviceId ? { ...p, ...change } : p)));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {picked.map((p) => (
        <Card key={p.deviceId} size="small" title={p.serialNumber}>
          <Typography.Paragraph type="secondary">{t('form.readingsHelp')}</Typography.Paragraph>
          <Form.Item label={t('fields.damageNote')} style={{ marginBottom: 8 }}>
            <Input.TextArea
              aria-label={t('form.damageOf', { serial: p.serialNumber })}
              rows={2}
              maxLength={500}
              value={p.damage}
              onChange={(e) => set(p.deviceId, { damage: e.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('fields.photos')} style={{ marginBottom: 0 }}>
            <UploadField
              kind="photo"
              max={MAX_HANDOVER_PHOTOS}
              value={p.photos}
              onChange={(v) => set(p.deviceId, { photos: Array.isArray(v) ? v : v ? [v] : [] })}
            />
          </Form.Item>
        </Card>
      ))}
    </Space>
  );
}

/**
 * A new entry or exit as a draft: the contract (fixed when started from its page), the day, the site (the
 * contract's by default), who delivered and who received, the machines and their inspection. Saved, it opens the
 * draft's page, where the renter's confirmation is recorded.
 */
export function HandoverFormDialog({
  kind,
  contractId: fixed,
  trigger,
}: {
  kind: Kind;
  contractId?: number;
  trigger: ReactElement<{ onClick?: () => void }>;
}) {
  const { t } = useTranslation(['lease-handover', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [contractId, setContractId] = useState<number | undefined>(fixed);
  const [picked, setPicked] = useState<Picked[]>([]);
  const [form] = Form.useForm();
  const options = useQuery({
    ...endpointQuery(api.options, { contractId: contractId ?? 0, kind }),
    enabled: open && !!contractId,
  });
  const create = useEndpointMutation(api.create, { invalidates: HANDOVER_READS });
  // A delivery or return falls within the contract's term and not after today (the server refuses others:
  // decision 059); a term that ended is offered its last day.
  // Today is the organisation's (its calendar, the server's), not the browser's.
  const term = options.data?.contract;
  const today = useOrgToday();
  useEffect(() => {
    if (!term) return;
    const day = form.getFieldValue('day') as string | undefined;
    if (day && day > term.endOn) form.setFieldValue('day', term.endOn);
  }, [term, form]);
  const close = () => {
    setOpen(false);
    setPicked([]);
    if (!fixed) setContractId(undefined);
  };
  const submit = async () => {
    const values = (await form.validateFields()) as {
      day?: string;
      siteAddress?: string;
      deliveredBy?: string;
      receivedBy?: string;
      remark?: string;
    };
    if (!contractId) return void message.error(t('form.contractRequired'));
    if (picked.length === 0) return void message.error(t('form.machinesRequired'));
    const made = await create.mutateAsync({
      body: {
        kind,
        contractId,
        day: values.day || today,
        siteAddress: values.siteAddress ?? '',
        deliveredBy: values.deliveredBy ?? '',
        receivedBy: values.receivedBy ?? '',
        remark: values.remark ?? '',
        machines: picked.map(({ lineId, deviceId, damage, photos }) => ({ lineId, deviceId, damage, photos })),
      },
    });
    void message.success(t('form.saved', { number: made.number }));
    close();
    void navigate(handoverHref({ kind, id: made.id }));
  };
  return (
    <>
      <span onClick={() => setOpen(true)}>{trigger}</span>
      <Modal
        title={t(`${kind}.create`)}
        open={open}
        width={720}
        onOk={() => void submit().catch(() => undefined)}
        okText={t('form.saveDraft')}
        onCancel={close}
        confirmLoading={create.isPending}
        mask={{ closable: false }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ day: today }}>
          {!fixed && (
            <Form.Item label={t('fields.contract')} required>
              <ContractFilter
                running
                width={480}
                value={contractId ? String(contractId) : undefined}
                onChange={(v) => {
                  setContractId(v ? Number(v) : undefined);
                  setPicked([]);
                }}
              />
            </Form.Item>
          )}
          {options.data && (
            <Typography.Paragraph type="secondary">
              {options.data.contract.number} · {options.data.contract.renterName} · {options.data.contract.startOn} ~{' '}
              {options.data.contract.endOn}
            </Typography.Paragraph>
          )}
          <Space wrap>
            <Form.Item name="day" label={t('fields.day')} rules={[{ required: true }]}>
              <DayField min={term?.startOn} max={term && term.endOn < today ? term.endOn : today} />
            </Form.Item>
            <Form.Item name="deliveredBy" label={t('fields.deliveredBy')}>
              <Input maxLength={40} />
            </Form.Item>
            <Form.Item name="receivedBy" label={t('fields.receivedBy')}>
              <Input maxLength={40} />
            </Form.Item>
          </Space>
          <Form.Item name="siteAddress" label={t('fields.site')} extra={t('form.siteHelp')}>
            <Input maxLength={200} placeholder={options.data?.contract.siteAddress} />
          </Form.Item>
          {options.data && <MachinePicker kind={kind} options={options.data} picked={picked} onChange={setPicked} />}
          <Inspection picked={picked} onChange={setPicked} />
          <Form.Item name="remark" label={t('fields.remark')} style={{ marginTop: 12 }}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
