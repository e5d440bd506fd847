import { useState } from 'react';
import { Button, Card, Descriptions, Result, Skeleton, Space, Table, Typography } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BUSINESS_MODEL } from '@console/contract/codes/business-models';
import { formatAmount } from '@console/contract/codes/money';
import { leaseContractEndpoints as api, LEASE_STATUS_TABLE } from '@console/contract/http/lease-contracts';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { useCodeLabel } from '../../../components/code-label.ts';
import { currencyVariablesOf } from '../../../lib/money.ts';
import { ApiFailure } from '../../../lib/api-client.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { saveBase64 } from '../components/save-file.ts';

/**
 * /contract/export?token=: a contract opened without signing in through the link its detail page handed out;
 * printable, with its PDF. A wrong or expired link gets the server's clear words.
 */
export function ContractExportPage() {
  const { t } = useTranslation('lease-contracts');
  const label = useCodeLabel();
  const queryClient = useQueryClient();
  const token = useScreenQuery(leaseContractScreens.contractExport).query.token ?? '';
  const view = useQuery({ ...endpointQuery(api.exportView, { token }, { silent: true }), retry: false });
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const file = await queryClient.fetchQuery(endpointQuery(api.exportPdf, { token }));
      saveBase64(file.fileName, file.content, file.mimeType);
    } catch {
      // Shown by the API client.
    } finally {
      setDownloading(false);
    }
  };
  const page = (children: React.ReactNode) => (
    <div style={{ maxWidth: 960, margin: '24px auto', padding: '0 16px' }}>{children}</div>
  );
  if (view.isPending) return page(<Skeleton active paragraph={{ rows: 8 }} />);
  if (view.isError) {
    const text = view.error instanceof ApiFailure ? view.error.message : t('export.invalid');
    return page(<Result status="warning" title={t('export.invalidTitle')} subTitle={text} />);
  }
  const c = view.data;
  // In its lessor's currency, whichever brand's address the link was opened at (decision 064).
  const unit = currencyVariablesOf(c.money);
  const amountText = (cents: number) => formatAmount(cents, c.money);
  return page(
    <Card
      title={t('export.title', { number: c.number })}
      extra={
        <Space className="no-print">
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('export.print')}
          </Button>
          <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
            {t('detail.downloadPdf')}
          </Button>
        </Space>
      }
    >
      <Descriptions
        bordered
        size="small"
        column={2}
        items={[
          { key: 'lessor', label: t('fields.lessor'), children: c.lessorName },
          { key: 'renter', label: t('fields.renter'), children: c.renterName },
          { key: 'status', label: t('fields.status'), children: label(LEASE_STATUS_TABLE, c.status) },
          { key: 'store', label: t('fields.store'), children: c.storeName },
          { key: 'start', label: t('fields.startOn'), children: c.startOn },
          { key: 'end', label: t('fields.endOn'), children: c.endOn },
          { key: 'site', label: t('fields.siteAddress'), span: 2, children: c.siteAddress },
          { key: 'deposit', label: t('fields.deposit', unit), children: amountText(c.depositCents) },
          { key: 'total', label: t('fields.total', unit), children: amountText(c.totalCents) },
          { key: 'billing', label: t('fields.billingDay'), children: c.billingDay },
          { key: 'due', label: t('fields.dueDays'), children: c.dueDays },
          { key: 'remark', label: t('fields.remark'), span: 2, children: c.remark || '-' },
        ]}
      />
      <Table
        style={{ marginTop: 16 }}
        size="small"
        rowKey={(_, i) => String(i)}
        pagination={false}
        dataSource={c.lines}
        columns={[
          {
            key: 'machine',
            title: t('form.machine'),
            render: (_, l) => l.serialNumber || `${l.modelName} × ${l.count}`,
          },
          { key: 'model', title: t('fields.businessModel'), render: (_, l) => label(BUSINESS_MODEL, l.businessModel) },
          {
            key: 'day',
            title: t('form.dayPrice', unit),
            render: (_, l) => (l.dayCents === null ? '-' : amountText(l.dayCents)),
          },
          {
            key: 'month',
            title: t('form.monthPrice', unit),
            render: (_, l) => (l.monthCents === null ? '-' : amountText(l.monthCents)),
          },
          {
            key: 'amount',
            title: t('fields.amount', unit),
            align: 'right',
            render: (_, l) => amountText(l.amountCents),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('export.expires', { at: c.expiresAt })}
      </Typography.Paragraph>
    </Card>,
  );
}
