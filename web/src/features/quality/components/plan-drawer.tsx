import { useState } from 'react';
import { App, Button, Drawer, Form, Input, InputNumber, Select, Space, Table, Tabs, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MACHINE_KIND, MACHINE_KINDS, type MachineKind } from '@console/contract/codes/machine-kinds';
import { CHECK, CHECKS, MAX_PLAN_ITEMS, readingsOf, unitOf } from '@console/contract/codes/quality';
import { qualityEndpoints, type PlanItemRow } from '@console/contract/http/quality';
import { useCodeLabel } from '../../../components/code-label.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { QUALITY_READS, useIsPlanEditor } from '../api.ts';
import { useRequirement } from '../fields.tsx';

/** The plan editor's rows: title, how it is checked, and for a reading its reading and range. */
function PlanItems({ kind }: { kind: MachineKind }) {
  const { t } = useTranslation('quality');
  const label = useCodeLabel();
  return (
    <Form.List name="items">
      {(rows, { add, remove, move }, { errors }) => (
        <>
          {rows.map((row, index) => (
            <Space key={row.key} align="start" wrap style={{ display: 'flex', marginBottom: 4 }}>
              <Typography.Text style={{ display: 'inline-block', width: 24, lineHeight: '32px' }}>
                {index + 1}
              </Typography.Text>
              <Form.Item name={[row.name, 'title']} style={{ marginBottom: 0 }}>
                <Input
                  placeholder={t('plan.itemTitle')}
                  maxLength={60}
                  style={{ width: 220 }}
                  aria-label={t('plan.itemTitle')}
                />
              </Form.Item>
              <Form.Item name={[row.name, 'check']} style={{ marginBottom: 0 }}>
                <Select
                  style={{ width: 170 }}
                  aria-label={t('item.check')}
                  options={CHECKS.map((c) => ({ value: c, label: label(CHECK, c) }))}
                />
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {({ getFieldValue }) =>
                  getFieldValue(['items', row.name, 'check']) === 'reading' && (
                    <Space>
                      <Form.Item name={[row.name, 'reading']} style={{ marginBottom: 0 }}>
                        <Select
                          style={{ width: 150 }}
                          aria-label={t('plan.reading')}
                          placeholder={t('plan.reading')}
                          options={readingsOf(kind).map((r) => ({
                            value: r,
                            label: `${t(`readings.${r}` as 'readings.batteryV')} ${unitOf(kind, r)}`.trim(),
                          }))}
                        />
                      </Form.Item>
                      <Form.Item name={[row.name, 'min']} style={{ marginBottom: 0 }}>
                        <InputNumber placeholder={t('plan.min')} aria-label={t('plan.min')} style={{ width: 90 }} />
                      </Form.Item>
                      <Form.Item name={[row.name, 'max']} style={{ marginBottom: 0 }}>
                        <InputNumber placeholder={t('plan.max')} aria-label={t('plan.max')} style={{ width: 90 }} />
                      </Form.Item>
                    </Space>
                  )
                }
              </Form.Item>
              <Button size="small" type="text" disabled={index === 0} onClick={() => move(index, index - 1)}>
                ↑
              </Button>
              <Button size="small" type="text" danger onClick={() => remove(index)}>
                {t('plan.removeItem')}
              </Button>
            </Space>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            disabled={rows.length >= MAX_PLAN_ITEMS}
            onClick={() => add({ title: '', check: 'manual', reading: null, min: null, max: null })}
          >
            {t('plan.addItem')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** A kind's plan as a table, with the administrator's editor. */
function PlanTab({ kind, items, updated }: { kind: MachineKind; items: PlanItemRow[]; updated: string }) {
  const { t } = useTranslation('quality');
  const { message } = App.useApp();
  const label = useCodeLabel();
  const requirement = useRequirement();
  const editor = useIsPlanEditor();
  const save = useEndpointMutation(qualityEndpoints.savePlan, { invalidates: QUALITY_READS, silent: true });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        {updated && <Typography.Text type="secondary">{updated}</Typography.Text>}
        {editor && (
          <FormDialog
            width={900}
            title={t('plan.editTitle', { kind: label(MACHINE_KIND, kind) })}
            trigger={<Button type="primary">{t('plan.edit')}</Button>}
            schema={qualityEndpoints.savePlan.body}
            initialValues={{
              kind,
              items: items.map(({ title, check, reading, min, max }) => ({ title, check, reading, min, max })),
            }}
            onSubmit={(body) => save.mutateAsync({ body })}
            onSuccess={() => void message.success(t('plan.saved'))}
          >
            <Typography.Paragraph type="secondary">{t('plan.hint')}</Typography.Paragraph>
            <PlanItems kind={kind} />
          </FormDialog>
        )}
      </Space>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={items}
        locale={{ emptyText: t('plan.empty') }}
        columns={[
          {
            key: 'position',
            title: t('item.position'),
            width: 60,
            render: (_: unknown, r: PlanItemRow) => r.position + 1,
          },
          { key: 'title', title: t('item.title'), dataIndex: 'title' },
          {
            key: 'check',
            title: t('item.check'),
            render: (_: unknown, r: PlanItemRow) => <StatusBadge table={CHECK} value={r.check} />,
          },
          {
            key: 'requirement',
            title: t('item.requirement'),
            render: (_: unknown, r: PlanItemRow) =>
              requirement({ ...r, unit: r.reading ? unitOf(kind, r.reading) : '' }),
          },
        ]}
      />
    </Space>
  );
}

/** The test plans of the console's brand, one tab per machine kind. */
export function PlanDrawerButton() {
  const { t } = useTranslation('quality');
  const label = useCodeLabel();
  const [open, setOpen] = useState(false);
  const query = useQuery({ ...endpointQuery(qualityEndpoints.plans), enabled: open });
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('plan.title')}</Button>
      <Drawer open={open} onClose={() => setOpen(false)} width={960} title={t('plan.title')}>
        <QueryState query={query}>
          {(data) => (
            <Tabs
              items={MACHINE_KINDS.map((kind) => {
                const plan = data.list.find((p) => p.kind === kind);
                return {
                  key: kind,
                  label: label(MACHINE_KIND, kind),
                  children: (
                    <PlanTab
                      kind={kind}
                      items={plan?.items ?? []}
                      updated={plan ? t('plan.updated', { at: plan.updatedAt, by: plan.updatedByName }) : ''}
                    />
                  ),
                };
              })}
            />
          )}
        </QueryState>
      </Drawer>
    </>
  );
}
