import { useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOCK_LEVEL, LOCK_MODE } from '@console/contract/codes/lock';
import type { DataOf } from '@console/contract/http/endpoint';
import { riskEndpoints, type LockDaySettingsForm } from '@console/contract/http/risk';
import { numericCodeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Field, SchemaForm } from '../../../components/schema-form.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { showFailure } from '../../../lib/form-rules.ts';
import { href } from '@console/contract/screens/screen';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';

type Preview = DataOf<typeof riskEndpoints.previewLockDays>;

/** Past PREVIEW_ROWS the preview shows the first ones: say so, and how to find the others. */
function FirstRowsNote({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation('risk');
  if (shown >= total) return null;
  return (
    <Alert type="warning" showIcon style={{ marginBottom: 8 }} message={t('lockDays.firstRows', { shown, total })} />
  );
}

/** The machines a setting would touch, shown before it is saved. */
function PreviewTable({ preview }: { preview: Preview }) {
  const { t } = useTranslation('risk');
  return (
    <Card size="small" title={t('lockDays.previewTitle', { total: preview.total, dueNow: preview.dueNow })}>
      <FirstRowsNote shown={preview.list.length} total={preview.total} />
      <Table
        size="small"
        rowKey="deviceId"
        dataSource={preview.list}
        pagination={{ pageSize: 10 }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'serialNumber',
            title: t('lockDays.serialNumber'),
            dataIndex: 'serialNumber',
            render: (serial: string, row) => (
              <Link to={href(deviceDetailScreens.detail, { id: row.deviceId })}>{serial}</Link>
            ),
          },
          { key: 'serviceExpiresAt', title: t('lockDays.serviceExpiresAt'), dataIndex: 'serviceExpiresAt' },
          { key: 'preLockAt', title: t('lockDays.preLockAt'), dataIndex: 'preLockAt' },
          { key: 'lockAt', title: t('lockDays.lockAt'), dataIndex: 'lockAt' },
          {
            key: 'dueLevel',
            title: t('lockDays.dueNow'),
            dataIndex: 'dueLevel',
            render: (level: number) =>
              level ? <StatusBadge table={LOCK_LEVEL} value={level} /> : t('lockDays.notYet'),
          },
          {
            key: 'riskPermission',
            title: t('lockDays.permission'),
            dataIndex: 'riskPermission',
            render: (yes: boolean) => (
              <Tag color={yes ? 'green' : 'default'}>{t(yes ? 'lockDays.yes' : 'lockDays.no')}</Tag>
            ),
          },
        ]}
      />
    </Card>
  );
}

const ARREARS_FIELDS = [
  ['arrearsReminderDays', 'lockDays.arrearsReminderDays'],
  ['arrearsPreLock1Days', 'lockDays.arrearsPreLock1Days'],
  ['arrearsLock1Days', 'lockDays.arrearsLock1Days'],
  ['arrearsPreLock2Days', 'lockDays.arrearsPreLock2Days'],
  ['arrearsLock2Days', 'lockDays.arrearsLock2Days'],
] as const;

/** The machines arrears would move to a step on a day (decision 039), shown before the settings are saved. */
function ArrearsPreviewTable({ preview }: { preview: Preview }) {
  const { t } = useTranslation('risk');
  const rows = preview.arrears;
  return (
    <Card
      size="small"
      title={t('lockDays.arrearsPreviewTitle', { total: preview.arrearsTotal, dueNow: preview.arrearsDueNow })}
    >
      <FirstRowsNote shown={rows.length} total={preview.arrearsTotal} />
      <Table
        size="small"
        rowKey={(r) => `${r.contractId}-${r.deviceId}-${r.step}`}
        dataSource={rows}
        pagination={{ pageSize: 10 }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'day', title: t('lockDays.arrearsDay'), dataIndex: 'day' },
          { key: 'contractNumber', title: t('lockDays.contract'), dataIndex: 'contractNumber' },
          { key: 'renterName', title: t('lockDays.renter'), dataIndex: 'renterName' },
          {
            key: 'serialNumber',
            title: t('lockDays.serialNumber'),
            dataIndex: 'serialNumber',
            render: (serial: string, row) =>
              row.deviceId ? (
                <Link to={href(deviceDetailScreens.detail, { id: row.deviceId })}>{serial}</Link>
              ) : (
                t('lockDays.renterText')
              ),
          },
          {
            key: 'step',
            title: t('lockDays.arrearsStep'),
            dataIndex: 'step',
            render: (step: number) =>
              step === 0 ? (
                <Tag color="blue">{t('lockDays.reminder')}</Tag>
              ) : (
                <StatusBadge table={LOCK_LEVEL} value={step} />
              ),
          },
          { key: 'daysOverdue', title: t('lockDays.daysOverdue'), dataIndex: 'daysOverdue' },
          {
            key: 'dueNow',
            title: t('lockDays.dueNow'),
            dataIndex: 'dueNow',
            render: (yes: boolean) => (
              <Tag color={yes ? 'red' : 'default'}>{t(yes ? 'lockDays.yes' : 'lockDays.notYet')}</Tag>
            ),
          },
          {
            key: 'movesNow',
            title: t('lockDays.movesNow'),
            dataIndex: 'movesNow',
            render: (yes: boolean) => (
              <Tag color={yes ? 'green' : 'default'}>{t(yes ? 'lockDays.yes' : 'lockDays.waitsForStop')}</Tag>
            ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * /riskManagement/lockDays: automatic pre-lock and lock around the connectivity service expiry, and the arrears
 * steps (decision 039), per company.
 */
export function LockDaysPage() {
  const { t } = useTranslation(['risk', 'common']);
  const label = useCodeLabel();
  const [orgId, setOrgId] = useState<number | undefined>();
  const [form] = Form.useForm();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [keyword, setKeyword] = useState('');
  const query = useQuery(endpointQuery(riskEndpoints.lockDays, orgId ? { orgId } : {}));
  // Silent: the form shows a refusal on its field.
  const previewCall = useEndpointMutation(riskEndpoints.previewLockDays, { silent: true });
  const save = useEndpointMutation(riskEndpoints.saveLockDays, { invalidates: [riskEndpoints.lockDays], silent: true });

  const runPreview = async () => {
    const parsed = riskEndpoints.previewLockDays.body.safeParse({ ...form.getFieldsValue(true), keyword });
    if (!parsed.success) {
      form.submit();
      return;
    }
    setPreviewing(true);
    try {
      setPreview(await previewCall.mutateAsync({ body: parsed.data }));
    } catch (error) {
      showFailure(form, error);
    } finally {
      setPreviewing(false);
    }
  };

  return (
    <QueryState query={query}>
      {({ settings, organisations }) => (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card title={t('lockDays.title')}>
            <Alert type="info" showIcon message={t('lockDays.intro')} style={{ marginBottom: 16 }} />
            {organisations.length > 1 && (
              <Space style={{ marginBottom: 16 }}>
                <Typography.Text>{t('lockDays.organisation')}</Typography.Text>
                <Select
                  aria-label={t('lockDays.organisation')}
                  style={{ minWidth: 260 }}
                  value={settings.orgId}
                  onChange={(next: number) => {
                    setOrgId(next);
                    setPreview(null);
                  }}
                  options={organisations.map((o) => ({ value: o.id, label: o.name }))}
                />
              </Space>
            )}
            <SchemaForm
              key={settings.orgId}
              form={form}
              schema={riskEndpoints.saveLockDays.body}
              initialValues={settings}
              layout="horizontal"
              submitText={false}
              onSubmit={(body: LockDaySettingsForm) => save.mutateAsync({ body })}
              successMessage={t('common:saved')}
            >
              <Field name="enabled" label={t('lockDays.enabled')} valuePropName="checked">
                <Switch />
              </Field>
              <Field name="preLockDays" label={t('lockDays.preLockDays')} extra={t('lockDays.preLockHelp')}>
                <InputNumber min={-90} max={90} precision={0} />
              </Field>
              <Field name="intervalDays" label={t('lockDays.intervalDays')}>
                <InputNumber min={0} max={90} precision={0} />
              </Field>
              <Field name="mode" label={t('lockDays.mode')}>
                <Select style={{ width: 220 }} options={numericCodeOptions(label, LOCK_MODE)} />
              </Field>
              <Typography.Title level={5}>{t('lockDays.arrearsTitle')}</Typography.Title>
              <Alert type="info" showIcon message={t('lockDays.arrearsIntro')} style={{ marginBottom: 16 }} />
              <Field name="arrearsEnabled" label={t('lockDays.arrearsEnabled')} valuePropName="checked">
                <Switch />
              </Field>
              {ARREARS_FIELDS.map(([name, text]) => (
                <Field key={name} name={name} label={t(text)}>
                  <InputNumber min={0} max={3650} precision={0} addonAfter={t('lockDays.daysUnit')} />
                </Field>
              ))}
              <Field name="arrearsUnlockOnPayment" label={t('lockDays.arrearsUnlockOnPayment')} valuePropName="checked">
                <Switch />
              </Field>
              <Space wrap>
                <Input
                  allowClear
                  aria-label={t('lockDays.previewKeyword')}
                  placeholder={t('lockDays.previewKeyword')}
                  style={{ width: 260 }}
                  maxLength={50}
                  value={keyword}
                  onChange={(e) => setKeyword(e.target.value)}
                  onPressEnter={() => void runPreview()}
                />
                <Button loading={previewing} onClick={() => void runPreview()}>
                  {t('lockDays.preview')}
                </Button>
                <Button type="primary" htmlType="submit">
                  {t('lockDays.save')}
                </Button>
              </Space>
            </SchemaForm>
          </Card>
          {preview && <PreviewTable preview={preview} />}
          {preview && form.getFieldValue('arrearsEnabled') && <ArrearsPreviewTable preview={preview} />}
        </Space>
      )}
    </QueryState>
  );
}
