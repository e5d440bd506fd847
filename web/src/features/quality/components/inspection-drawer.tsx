import { useState } from 'react';
import { Alert, App, Button, Descriptions, Drawer, Input, Space, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { qualityEndpoints, type InspectionItemRow } from '@console/contract/http/quality';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { tableColumnsOf } from '../../../components/list-page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { saveBase64 } from '../../lease-contracts/index.ts';
import { QUALITY_READS } from '../api.ts';
import { useInspectionFields, useItemFields, useRequirement } from '../fields.tsx';

/** A passed machine's quality certificate, as a PDF in the reader's language. */
export function CertificateButton({ id, type = 'default' }: { id: number; type?: 'default' | 'link' }) {
  const { t } = useTranslation('quality');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await queryClient.fetchQuery({
        ...endpointQuery(qualityEndpoints.certificate, { id }),
        staleTime: 0,
      });
      saveBase64(file.fileName, file.content, file.mimeType);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type={type} size={type === 'link' ? 'small' : undefined} loading={busy} onClick={() => void download()}>
      {t('certificate')}
    </Button>
  );
}

/** A manual item's result: pass at once, fail with its reason. */
function RecordButtons({ inspectionId, item }: { inspectionId: number; item: InspectionItemRow }) {
  const { t } = useTranslation(['quality', 'common']);
  const record = useEndpointMutation(qualityEndpoints.record, { invalidates: QUALITY_READS, silent: true });
  const pass = useEndpointMutation(qualityEndpoints.record, { invalidates: QUALITY_READS });
  return (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        loading={pass.isPending}
        onClick={() => void pass.mutateAsync({ body: { id: inspectionId, itemId: item.id, result: 'pass', note: '' } })}
      >
        {t('item.pass')}
      </Button>
      <FormDialog
        title={t('item.failTitle', { title: item.title })}
        trigger={
          <Button type="link" size="small" danger>
            {t('item.fail')}
          </Button>
        }
        schema={qualityEndpoints.record.body}
        initialValues={{ id: inspectionId, itemId: item.id, result: 'fail', note: item.note }}
        onSubmit={(body) => record.mutateAsync({ body })}
      >
        <Field name="note" label={t('item.failNote')}>
          <Input.TextArea rows={3} maxLength={200} />
        </Field>
      </FormDialog>
    </Space>
  );
}

/** An inspection: the machine, each item's requirement and result, and the moves its state allows. */
export function InspectionDrawer({
  id,
  onClose,
  onOpen,
}: {
  id: number | null;
  onClose: () => void;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation(['quality', 'common']);
  const { message } = App.useApp();
  const fields = useInspectionFields();
  const itemFields = useItemFields();
  const requirement = useRequirement();
  const query = useQuery({ ...endpointQuery(qualityEndpoints.detail, { id: id ?? 0 }), enabled: !!id });
  const evaluate = useEndpointMutation(qualityEndpoints.evaluate, { invalidates: QUALITY_READS });
  const complete = useEndpointMutation(qualityEndpoints.complete, { invalidates: QUALITY_READS });
  const retest = useEndpointMutation(qualityEndpoints.retest, { invalidates: QUALITY_READS });
  const cancel = useEndpointMutation(qualityEndpoints.cancel, { invalidates: QUALITY_READS, silent: true });
  const detail = query.data;
  const q = detail?.inspection;
  const unjudged = detail ? detail.items.filter((i) => i.result === null).length : 0;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={1000}
      title={q ? t('detail.title', { number: q.number, serial: q.serialNumber }) : t('detail.loading')}
      extra={
        detail &&
        q && (
          <Space wrap>
            {detail.actions.includes('record') && (
              <Button loading={evaluate.isPending} onClick={() => void evaluate.mutateAsync({ body: { id: q.id } })}>
                {t('actions.evaluate')}
              </Button>
            )}
            {detail.actions.includes('complete') && (
              <ConfirmButton
                type="primary"
                title={t('actions.completeConfirm')}
                description={unjudged > 0 ? t('actions.unjudged', { count: unjudged }) : undefined}
                onConfirm={async () => {
                  const done = await complete.mutateAsync({ body: { id: q.id } });
                  void message.success(t(`actions.completed.${done.state}` as 'actions.completed.passed'));
                }}
              >
                {t('actions.complete')}
              </ConfirmButton>
            )}
            {detail.actions.includes('retest') && (
              <ConfirmButton
                type="primary"
                title={t('actions.retestConfirm')}
                onConfirm={async () => {
                  const next = await retest.mutateAsync({ body: { id: q.id, remark: '' } });
                  onOpen(next.id);
                }}
              >
                {t('actions.retest')}
              </ConfirmButton>
            )}
            {detail.actions.includes('cancel') && (
              <FormDialog
                title={t('actions.cancelTitle')}
                trigger={<Button danger>{t('actions.cancel')}</Button>}
                schema={qualityEndpoints.cancel.body}
                initialValues={{ id: q.id }}
                onSubmit={(body) => cancel.mutateAsync({ body })}
                onSuccess={() => void message.success(t('actions.cancelled'))}
              >
                <Field name="remark" label={t('actions.cancelReason')}>
                  <Input.TextArea rows={3} maxLength={200} />
                </Field>
              </FormDialog>
            )}
            {q.state === 'passed' && <CertificateButton id={q.id} />}
          </Space>
        )
      }
    >
      <QueryState query={query}>
        {(d) => (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            {d.inspection.previousId !== null && (
              <Alert
                type="info"
                showIcon
                title={t('detail.retestOf')}
                action={
                  <Button size="small" onClick={() => onOpen(d.inspection.previousId!)}>
                    {t('detail.openPrevious')}
                  </Button>
                }
              />
            )}
            {d.retestId !== null && (
              <Alert
                type="warning"
                showIcon
                title={t('detail.retested')}
                action={
                  <Button size="small" onClick={() => onOpen(d.retestId!)}>
                    {t('detail.openRetest')}
                  </Button>
                }
              />
            )}
            <Descriptions
              column={3}
              bordered
              size="small"
              items={fields.descriptions(d.inspection, [
                'number',
                'serialNumber',
                'kind',
                'modelName',
                'ownerName',
                'reason',
                'state',
                'inspectorName',
                'startedAt',
                'finishedAt',
                'finishedByName',
                'retestedByName',
                'retestedAt',
                'remark',
              ])}
            />
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={d.items}
              data-testid="inspection-items"
              columns={[
                ...tableColumnsOf(itemFields.columns(['position', 'title', 'check'], {})),
                {
                  key: 'requirement',
                  title: t('item.requirement'),
                  render: (_: unknown, item: InspectionItemRow) => requirement(item),
                },
                ...tableColumnsOf(
                  itemFields.columns(['result', 'value', 'note', 'judgedByName', 'judgedAt'], {
                    result: {
                      render: (_: unknown, item: InspectionItemRow) =>
                        item.result === null ? (
                          <span style={{ color: '#999' }}>
                            {item.check === 'manual' ? t('item.toRecord') : t('item.waiting')}
                          </span>
                        ) : (
                          itemFields.cell('result', item)
                        ),
                    },
                  }),
                ),
                ...(d.actions.includes('record')
                  ? [
                      {
                        key: 'record',
                        title: t('common:actions'),
                        render: (_: unknown, item: InspectionItemRow) =>
                          item.check === 'manual' && <RecordButtons inspectionId={d.inspection.id} item={item} />,
                      },
                    ]
                  : []),
              ]}
            />
          </Space>
        )}
      </QueryState>
    </Drawer>
  );
}
