import { useState } from 'react';
import { App, Button, Card, Descriptions, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@console/contract/codes/money';
import { handoverNoteEndpoints as api, noteForm, type NoteDetail } from '@console/contract/http/handover-notes';
import type { HandoverDetail } from '@console/contract/http/lease-handover';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { UploadField } from '../../../components/upload-field.tsx';
import { endpointQuery, readsOf, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { saveBase64 } from '../../lease-contracts/index.ts';
import { useIsHandoverWriter } from '../api.ts';

const NOTE_READS = readsOf(api);
const reading = (v: number | null, unit: string) => (v === null ? '-' : `${v}${unit}`);

/** Write the note of a handover: its language, both parties' names, a remark and (a return) damage findings. */
function CreateNote({ handover }: { handover: HandoverDetail }) {
  const { t } = useTranslation('handover-notes');
  const { message } = App.useApp();
  const create = useEndpointMutation(api.create, { invalidates: NOTE_READS });
  const isReturn = handover.kind === 'exit';
  return (
    <FormDialog
      title={t(isReturn ? 'create.returnTitle' : 'create.deliveryTitle')}
      trigger={<Button type="primary">{t('create.action')}</Button>}
      schema={noteForm}
      width={720}
      initialValues={{
        handoverId: handover.id,
        lessorName: handover.deliveredBy,
        renterName: handover.receivedBy,
        findings: [],
      }}
      okText={t('create.action')}
      onSubmit={(body) => create.mutateAsync({ body })}
      onSuccess={() => void message.success(t('create.done'))}
    >
      <Field name="handoverId" hidden>
        <Input />
      </Field>
      <Field name="lang" label={t('fields.lang')} extra={t('create.langHint')}>
        <Select
          allowClear
          options={[
            { value: 'zh', label: t('langs.zh') },
            { value: 'en', label: t('langs.en') },
          ]}
        />
      </Field>
      <Field name="lessorName" label={t('fields.lessorName')}>
        <Input maxLength={60} />
      </Field>
      <Field name="renterName" label={t('fields.renterName')}>
        <Input maxLength={60} />
      </Field>
      <Field name="remark" label={t('fields.remark')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Field>
      {isReturn && (
        <Form.List name="findings">
          {(items, { add, remove }) => (
            <Card size="small" title={t('fields.findings')}>
              {items.map((item) => (
                <Space key={item.key} align="start" wrap data-testid="note-finding">
                  <Form.Item name={[item.name, 'deviceId']} label={t('fields.machine')}>
                    <Select
                      style={{ width: 180 }}
                      options={handover.machines.map((m) => ({ value: m.deviceId, label: m.serialNumber }))}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'description']} label={t('fields.description')}>
                    <Input maxLength={200} />
                  </Form.Item>
                  <Form.Item
                    name={[item.name, 'amountCents']}
                    label={t('fields.amountCents')}
                    getValueProps={(v: number | undefined) => ({ value: v === undefined ? undefined : v / 100 })}
                    normalize={(v: number | null) => (v === null ? undefined : Math.round(v * 100))}
                  >
                    <InputNumber min={0} precision={2} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'photos']} label={t('fields.photos')}>
                    <UploadField kind="photo" max={10} />
                  </Form.Item>
                  <Button onClick={() => remove(item.name)}>{t('create.removeFinding')}</Button>
                </Space>
              ))}
              <Button onClick={() => add({ deviceId: handover.machines[0]?.deviceId, photos: [] })}>
                {t('create.addFinding')}
              </Button>
            </Card>
          )}
        </Form.List>
      )}
    </FormDialog>
  );
}

/** Sign on the spot (the provider's pages) or record the paper signed and scanned. */
function SignActions({ note }: { note: NoteDetail }) {
  const { t } = useTranslation('handover-notes');
  const { message } = App.useApp();
  const sign = useEndpointMutation(api.sign, { invalidates: NOTE_READS });
  const paper = useEndpointMutation(api.paper, { invalidates: NOTE_READS });
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await queryClient.fetchQuery({ ...endpointQuery(api.pdf, { id: note.id }), staleTime: 0 });
      saveBase64(file.fileName, file.content, file.mimeType);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space wrap>
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
        {t('actions.pdf')}
      </Button>
      {note.canSign && (
        <Button loading={sign.isPending} onClick={() => void sign.mutateAsync({ body: { id: note.id } })}>
          {t('actions.esign')}
        </Button>
      )}
      {(note.canSign || (note.state === 'signing' && note.lessorUrl !== '')) && (
        <FormDialog
          title={t('paper.title')}
          trigger={<Button>{t('actions.paper')}</Button>}
          schema={api.paper.body}
          initialValues={{ id: note.id, lessorSigner: note.lessorName, renterSigner: note.renterName }}
          okText={t('actions.paper')}
          onSubmit={(body) => paper.mutateAsync({ body })}
          onSuccess={() => void message.success(t('paper.done'))}
        >
          <Field name="id" hidden>
            <Input />
          </Field>
          <Field name="scanUrl" label={t('fields.scan')} extra={t('paper.scanHint')}>
            <UploadField kind="pdf" />
          </Field>
          <Field name="lessorSigner" label={t('fields.lessorName')}>
            <Input maxLength={60} />
          </Field>
          <Field name="renterSigner" label={t('fields.renterName')}>
            <Input maxLength={60} />
          </Field>
        </FormDialog>
      )}
    </Space>
  );
}

/** A handover's note on its detail page: written from the handover, its readings, findings, PDF and signing. */
export function HandoverNotePanel({ handover }: { handover: HandoverDetail }) {
  const { t } = useTranslation('handover-notes');
  const writer = useIsHandoverWriter();
  const list = useQuery(endpointQuery(api.list, { handoverId: handover.id }));
  const noteId = list.data?.list[0]?.id ?? 0;
  const detail = useQuery({ ...endpointQuery(api.detail, { id: noteId }), enabled: noteId > 0 });
  const note = detail.data;
  if (!list.data) return null;
  if (noteId === 0) {
    return (
      <Card title={t('title')} data-testid="handover-note">
        <Space direction="vertical">
          <Typography.Text type="secondary">{t('none')}</Typography.Text>
          {writer && <CreateNote handover={handover} />}
        </Space>
      </Card>
    );
  }
  if (!note) return null;
  return (
    <Card
      title={`${t(`kinds.${note.kind}`)} ${note.number}`}
      extra={<Tag data-testid="handover-note-state">{t(`states.${note.state}`)}</Tag>}
      data-testid="handover-note"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Descriptions size="small" column={3}>
          <Descriptions.Item label={t('fields.lang')}>{t(`langs.${note.lang}`)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.lessorName')}>{note.lessorName}</Descriptions.Item>
          <Descriptions.Item label={t('fields.renterName')}>{note.renterName}</Descriptions.Item>
          <Descriptions.Item label={t('fields.signing')}>
            {note.signing ? t(`signings.${note.signing}`) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.signers')}>
            {[note.lessorSigner, note.renterSigner].filter(Boolean).join(' / ') || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.signedAt')}>{note.signedAt || '-'}</Descriptions.Item>
        </Descriptions>
        {note.state === 'signing' && note.lesseeUrl && (
          <Space wrap>
            <a href={note.lesseeUrl} target="_blank" rel="noreferrer">
              {t('actions.renterPage')}
            </a>
            <a href={note.lessorUrl} target="_blank" rel="noreferrer">
              {t('actions.lessorPage')}
            </a>
          </Space>
        )}
        <Table
          rowKey="deviceId"
          size="small"
          pagination={false}
          dataSource={note.machines}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'serial', title: t('fields.machine'), render: (_, m) => `${m.modelName} ${m.serialNumber}`.trim() },
            { key: 'hours', title: t('fields.hourMeter'), render: (_, m) => reading(m.hourMeter, ' h') },
            { key: 'fuel', title: t('fields.fuelPct'), render: (_, m) => reading(m.fuelPct, '%') },
            { key: 'battery', title: t('fields.batteryPct'), render: (_, m) => reading(m.batteryPct, '%') },
            { key: 'readAt', title: t('fields.readAt'), render: (_, m) => m.readAt || '-' },
            {
              key: 'checklist',
              title: t('fields.checklist'),
              render: (_, m) =>
                m.checklist.map((c) => (
                  <Tag key={c.item} color={c.ok ? 'green' : 'red'}>
                    {c.item}
                    {c.remark ? `: ${c.remark}` : ''}
                  </Tag>
                )),
            },
          ]}
        />
        {note.findings.length > 0 && (
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={note.findings}
            title={() => t('fields.findings')}
            columns={[
              { key: 'serial', title: t('fields.machine'), dataIndex: 'serialNumber' },
              { key: 'description', title: t('fields.description'), dataIndex: 'description' },
              {
                key: 'amount',
                title: t('fields.amount'),
                render: (_, f) => formatMoney(f.amountCents, note.money),
              },
              {
                key: 'charge',
                title: t('fields.charge'),
                render: (_, f) => (f.chargeId ? t('charged') : t('notCharged')),
              },
            ]}
          />
        )}
        <SignActions note={note} />
      </Space>
    </Card>
  );
}
