import { useState } from 'react';
import { App, Button, Card, Col, Input, List, Row, Space, Table, Tag, Typography } from 'antd';
import { DisconnectOutlined, DownloadOutlined, LinkOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import {
  leaseContractEndpoints as api,
  LEASE_STATUS_TABLE,
  type ContractDetail,
  type ContractLineRow,
} from '@console/contract/http/lease-contracts';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { leaseChangeScreens } from '@console/contract/screens/lease-changes';
import { CHANGE_STATUS_TABLE } from '@console/contract/http/lease-changes';
import { useCodeLabel } from '../../../components/code-label.ts';
import { href } from '@console/contract/screens/screen';
import { formatAmount, type MoneyFormat } from '@console/contract/codes/money';
import { currencyVariablesOf } from '../../../lib/money.ts';
import { tableColumnsOf } from '../../../components/list-columns.ts';
import { RecordDetail } from '../../../components/record-detail.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { UploadField } from '../../../components/upload-field.tsx';
import { apiHeaders } from '../../../lib/api-client.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { CONTRACT_READS, useFollowSigning } from '../api.ts';
import { addressText } from '@console/contract/formats/address';
import { ContractActions } from '../components/contract-actions.tsx';
import { ContractTimeline, Signing } from '../components/contract-history.tsx';
import { saveBase64, saveBlob } from '../components/save-file.ts';
import { useContractFields, useContractLineFields } from '../fields.tsx';
import { ContractHandovers } from '../../lease-handover/index.ts';
import { ContractArrears } from '../../lease-billing/index.ts';
import { ContractCharges } from '../../charges/index.ts';
import { DepositPanel } from '../../deposits/index.ts';
import { ContractTermsCard } from '../../terms/index.ts';
import { ManagerReviewNote } from '../../lease-parties/index.ts';
import { QuoteOfContract } from '../../quotes/index.ts';
import { MoveDatesButton } from '../../availability/index.ts';

/** The contract's lines, their prices and amounts in its lessor's money (decision 064). */
function Lines({ lines, total, money }: { lines: ContractLineRow[]; total: number; money: MoneyFormat }) {
  const { t } = useTranslation('lease-contracts');
  const fields = useContractLineFields();
  return (
    <Table<ContractLineRow>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={lines.map((l) => ({ ...l, money }))}
      columns={tableColumnsOf(
        fields.columns(['machine', 'businessModel', 'prices', 'overtime', 'count', 'days', 'amountCents'], {
          amountCents: { align: 'right', title: t('fields.amount', currencyVariablesOf(money)) },
        }),
      )}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={6}>
            <Typography.Text strong>{t('fields.total', currencyVariablesOf(money))}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            <Typography.Text strong data-testid="contract-total">
              {formatAmount(total, money)}
            </Typography.Text>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

function Files({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation('lease-contracts');
  const attach = useEndpointMutation(api.attach, { invalidates: CONTRACT_READS });
  const hasOriginal = contract.files.some((f) => f.kind === 'original');
  const add = (kind: 'original' | 'attachment') => (value: string | string[]) => {
    const url = Array.isArray(value) ? value[0] : value;
    if (url) attach.mutate({ body: { id: contract.id, kind, url, fileName: `${contract.number}-${kind}.pdf` } });
  };
  const open = async (url: string, name: string) => {
    const response = await fetch(url, { headers: apiHeaders() });
    if (response.ok) saveBlob(name, await response.blob());
  };
  return (
    <>
      <List
        size="small"
        locale={{ emptyText: t('detail.noFiles') }}
        dataSource={contract.files}
        renderItem={(f) => (
          <List.Item
            actions={[
              <Button key="open" type="link" size="small" onClick={() => void open(f.url, f.fileName || 'file.pdf')}>
                {t('detail.download')}
              </Button>,
            ]}
          >
            <Space>
              <Tag color={f.kind === 'original' ? 'blue' : 'default'}>{t(`detail.fileKind.${f.kind}`)}</Tag>
              {f.fileName}
              <Typography.Text type="secondary">{f.createdAt}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      {contract.canAttach && (
        <Space wrap style={{ marginTop: 12 }} align="start">
          {!hasOriginal && (
            <div>
              <Typography.Text>{t('detail.addOriginal')}</Typography.Text>
              <UploadField kind="pdf" value="" onChange={add('original')} />
            </div>
          )}
          <div>
            <Typography.Text>{t('detail.addAttachment')}</Typography.Text>
            <UploadField kind="pdf" value="" onChange={add('attachment')} />
          </div>
          <Typography.Text type="secondary">{t('detail.fileRules')}</Typography.Text>
        </Space>
      )}
    </>
  );
}

/**
 * The PDF download and the public link (made on demand while the contract has not ended, copied with one click);
 * a manager of the lessor revokes the public links, after a confirmation.
 */
function DocumentButtons({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation('lease-contracts');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const makeLink = useEndpointMutation(api.exportLink, { invalidates: CONTRACT_READS });
  const revoke = useEndpointMutation(api.revokeLinks, { invalidates: CONTRACT_READS });
  const downloadLink = useEndpointMutation(api.pdfLink);
  const download = async () => {
    setDownloading(true);
    try {
      const { token } = await downloadLink.mutateAsync({ body: { id: contract.id } });
      const file = await queryClient.fetchQuery({ ...endpointQuery(api.exportPdf, { token }), staleTime: 0 });
      saveBase64(file.fileName, file.content, file.mimeType);
    } catch {
      // The API client has shown why.
    } finally {
      setDownloading(false);
    }
  };
  const share = async () => {
    const made = await makeLink.mutateAsync({ body: { id: contract.id } });
    const url = `${window.location.origin}${href(leaseContractScreens.contractExport, { token: made.token })}`;
    setLink({ url, expiresAt: made.expiresAt });
    void message.success(t('detail.linkMade'));
  };
  const revokeAll = async () => {
    await revoke.mutateAsync({ body: { id: contract.id } });
    setLink(null);
    void message.success(t('detail.linksRevoked'));
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
          {t('detail.downloadPdf')}
        </Button>
        {contract.canMakeLink && (
          <Button
            icon={<LinkOutlined />}
            loading={makeLink.isPending}
            onClick={() => void share().catch(() => undefined)}
          >
            {t('detail.makeLink')}
          </Button>
        )}
        {contract.canRevokeLinks && contract.publicLinks > 0 && (
          <ConfirmButton
            danger
            icon={<DisconnectOutlined />}
            title={t('detail.revokeLinksConfirm', { number: contract.number })}
            description={t('detail.revokeLinksHelp')}
            onConfirm={revokeAll}
            data-testid="revoke-links"
          >
            {t('detail.revokeLinks')}
          </ConfirmButton>
        )}
      </Space>
      {contract.canMakeLink ? (
        contract.publicLinks > 0 && (
          <Typography.Text type="secondary" data-testid="open-links">
            {t('detail.openLinks', { n: contract.publicLinks })}
          </Typography.Text>
        )
      ) : (
        <Typography.Text type="secondary">{t('detail.linksEnded')}</Typography.Text>
      )}
      {link && contract.canMakeLink && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={link.url} aria-label={t('detail.publicLink')} />
            <Button
              onClick={() =>
                void navigator.clipboard
                  .writeText(link.url)
                  .then(() => message.success(t('detail.copied')))
                  .catch(() => message.error(t('detail.copyFailed')))
              }
            >
              {t('detail.copy')}
            </Button>
          </Space.Compact>
          <Typography.Text type="secondary">{t('detail.linkExpires', { at: link.expiresAt })}</Typography.Text>
        </Space>
      )}
    </Space>
  );
}

/** The contract's changes (decision 041): each with its status and day, the latest first. */
function ContractChanges({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation('lease-contracts');
  const label = useCodeLabel();
  return (
    <Card
      title={t('detail.changes')}
      extra={
        <Link to={href(leaseChangeScreens.contractChangeRecord, { contractId: contract.id })}>
          {t('detail.allChanges')}
        </Link>
      }
    >
      <List
        size="small"
        dataSource={contract.changes}
        renderItem={(x) => (
          <List.Item data-testid="contract-change">
            <Link to={href(leaseChangeScreens.contractChangeDetail, { id: x.id })}>{x.number}</Link>
            <span>{t('detail.effectiveOn', { day: x.effectiveOn })}</span>
            <Tag>{label(CHANGE_STATUS_TABLE, x.status)}</Tag>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** /leaseCenter/contractDetail?id=: terms, lines, totals, moves, signing, files, the PDF and the timeline. */
export function ContractDetailPage() {
  const { t } = useTranslation(['lease-contracts', 'common']);
  const fields = useContractFields();
  const id = useScreenQuery(leaseContractScreens.contractDetail).query.id ?? 0;
  const query = useQuery({ ...endpointQuery(api.detail, { id }), enabled: id > 0 });
  useFollowSigning(id);
  const back = <Link to={href(leaseContractScreens.contractMng)}>{t('detail.back')}</Link>;
  return (
    <RecordDetail
      id={id}
      query={query}
      back={back}
      notFound={t('detail.notFound')}
      testIds={{ number: 'contract-number', status: 'contract-status' }}
      number={(c) => c.number}
      status={(c) => <StatusBadge table={LEASE_STATUS_TABLE} value={c.status} />}
      actions={(c) => (
        <>
          <ContractActions contract={c} />
          {c.editable && (
            <Link to={href(leaseContractScreens.addContract, { id: c.id })}>
              <Button>{t('actions.edit')}</Button>
            </Link>
          )}
          {c.movable && (
            <MoveDatesButton
              record={{
                kind: 'contract',
                id: c.id,
                number: c.number,
                customer: c.renterName,
                startOn: c.startOn,
                endOn: c.endOn,
              }}
            />
          )}
          {c.canChange && (
            <Link to={href(leaseChangeScreens.addChangeContract, { contractId: c.id })}>
              <Button>{t('detail.newChange')}</Button>
            </Link>
          )}
        </>
      )}
      descriptions={(c) => [
        ...fields.descriptions(c as never, ['renterName', 'storeName', 'salespersonName', 'startOn', 'endOn']),
        { key: 'lessor', label: t('fields.lessor'), children: c.lessorName },
        {
          key: 'site',
          label: t('fields.siteAddress'),
          span: 2,
          children:
            addressText({
              province: c.siteProvince,
              city: c.siteCity,
              district: c.siteDistrict,
              address: c.siteAddress,
            }) || '-',
        },
        {
          key: 'deposit',
          label: t('fields.deposit', currencyVariablesOf(c.money)),
          children: formatAmount(c.depositCents, c.money),
        },
        { key: 'billingDay', label: t('fields.billingDay'), children: c.billingDay },
        { key: 'dueDays', label: t('fields.dueDays'), children: c.dueDays },
        {
          key: 'total',
          label: t('fields.total', currencyVariablesOf(c.money)),
          children: formatAmount(c.totalCents, c.money),
        },
        { key: 'rule', label: t('fields.approvedBy'), children: c.ruleName || '-' },
        { key: 'endedOn', label: t('fields.endedOn'), children: c.endedOn ?? '-' },
        { key: 'remark', label: t('fields.remark'), span: 3, children: c.remark || '-' },
      ]}
    >
      {(c) => (
        <>
          <ManagerReviewNote status={c.status} events={c.events} />
          <QuoteOfContract contractId={c.id} />
          <Card title={t('form.lines')}>
            <Lines lines={c.lines} total={c.totalCents} money={c.money} />
          </Card>
          <ContractTermsCard contractId={c.id} />
          {c.changes.length > 0 && <ContractChanges contract={c} />}
          {c.status >= LEASE_STATUS.inExecution && <ContractHandovers contract={c} />}
          {c.status >= LEASE_STATUS.inExecution && <ContractArrears contractId={c.id} />}
          {c.status >= LEASE_STATUS.inExecution && c.status <= LEASE_STATUS.terminated && (
            <ContractCharges contractId={c.id} />
          )}
          {c.status >= LEASE_STATUS.inExecution && <DepositPanel contractId={c.id} />}
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Card title={t('detail.timeline')}>
                <ContractTimeline events={c.events} />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Space direction="vertical" size={16} style={{ width: '100%' }}>
                <Card title={t('detail.document')}>
                  <DocumentButtons contract={c} />
                </Card>
                <Card title={t('detail.signing')}>
                  <Signing signing={c.signing} askId={c.actions.includes('cancelSigning') ? c.id : undefined} />
                </Card>
                <Card title={t('detail.files')}>
                  <Files contract={c} />
                </Card>
              </Space>
            </Col>
          </Row>
        </>
      )}
    </RecordDetail>
  );
}
