import { Card, Col, Descriptions, InputNumber, Row, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { retentionEndpoints, type RetentionView } from '@console/contract/http/retention';
import { QueryState, retryNetworkOnly } from '../../../components/query-state.tsx';
import { Field, SchemaForm } from '../../../components/schema-form.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';

const retentionQuery = () => ({ ...endpointQuery(retentionEndpoints.get), retry: retryNetworkOnly });

/** Bytes as the largest whole unit that reads well (B, KB, MB, GB). */
function bytesText(bytes: number | null, unknown: string): string {
  if (bytes === null) return unknown;
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/**
 * The operator's system settings: how long telemetry is kept server-wide (raw reports and track points, then their
 * 5-minute summaries; docs/decisions/075-telemetry-retention.md), and what the telemetry tables hold now.
 */
export function RetentionCard() {
  const query = useQuery(retentionQuery());
  return <QueryState query={query}>{(view) => <RetentionForm view={view} />}</QueryState>;
}

function RetentionForm({ view }: { view: RetentionView }) {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const queryClient = useQueryClient();
  // Silent: the form shows a refusal on its field.
  const save = useEndpointMutation(retentionEndpoints.update, { silent: true });
  const count = new Intl.NumberFormat(i18n.language);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={t('retention.title')} data-testid="retention-settings">
          <Typography.Paragraph type="secondary">{t('retention.intro')}</Typography.Paragraph>
          <SchemaForm
            schema={retentionEndpoints.update.body}
            initialValues={{ rawDays: view.rawDays, bucketDays: view.bucketDays }}
            onSubmit={(body) => save.mutateAsync({ body })}
            onSuccess={(updated) => queryClient.setQueryData(retentionQuery().queryKey, updated)}
            successMessage={t('common:saved')}
          >
            <Field
              name="rawDays"
              label={t('retention.rawDays')}
              extra={t('retention.rawDaysHint', { ...view.bounds.rawDays, value: view.defaults.rawDays })}
            >
              <InputNumber
                min={view.bounds.rawDays.min}
                max={view.bounds.rawDays.max}
                precision={0}
                addonAfter={t('retention.days')}
              />
            </Field>
            <Field
              name="bucketDays"
              label={t('retention.bucketDays')}
              extra={t('retention.bucketDaysHint', { ...view.bounds.bucketDays, value: view.defaults.bucketDays })}
            >
              <InputNumber
                min={view.bounds.bucketDays.min}
                max={view.bounds.bucketDays.max}
                precision={0}
                addonAfter={t('retention.days')}
              />
            </Field>
          </SchemaForm>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('retention.nowTitle')}>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'kept',
                label: t('retention.kept'),
                children: t('retention.keptText', { raw: view.rawDays, buckets: view.bucketDays }),
              },
              {
                key: 'updatedAt',
                label: t('retention.updatedAt'),
                children: view.saved ? view.updatedAt : t('retention.defaultsHold'),
              },
              {
                key: 'horizon',
                label: t('retention.horizon'),
                children: view.horizon || t('retention.noPassYet'),
              },
              { key: 'ownSettings', label: t('retention.ownSettings'), children: view.ownSettings },
              { key: 'engine', label: t('retention.engine'), children: t(`retention.engines.${view.engine}`) },
            ]}
          />
          <Table
            rowKey="table"
            size="small"
            pagination={false}
            style={{ marginTop: 16 }}
            dataSource={view.tables}
            columns={[
              { key: 'table', title: t('retention.table'), render: (_, row) => t(`retention.tables.${row.table}`) },
              { key: 'rows', title: t('retention.rows'), align: 'right', render: (_, row) => count.format(row.rows) },
              {
                key: 'bytes',
                title: t('retention.bytes'),
                align: 'right',
                render: (_, row) => bytesText(row.bytes, t('retention.unknownSize')),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
