import { useState } from 'react';
import { Button, Card, Col, Row, Table, Timeline, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BUSINESS_MODEL } from '@console/contract/codes/business-models';
import { formatAmount, type MoneyFormat } from '@console/contract/codes/money';
import {
  quoteEndpoints as api,
  QUOTE_STATE_TABLE,
  RESERVATION_STATE_TABLE,
  type QuoteDetail,
  type QuoteLineRow,
  type ReservationRow,
} from '@console/contract/http/quotes';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { quoteScreens } from '@console/contract/screens/quotes';
import { href } from '@console/contract/screens/screen';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { PriceDisplay } from '../../../components/price-display.tsx';
import { RecordDetail } from '../../../components/record-detail.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { currencyVariablesOf } from '../../../lib/money.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { saveBase64 } from '../../lease-contracts/index.ts';
import { QUOTE_READS } from '../api.ts';
import { MoveDatesButton } from '../../availability/index.ts';
import { QuoteActions } from '../components/quote-actions.tsx';
import { useQuoteFields } from '../fields.tsx';

/** The priced lines: list price, discount, the price quoted and the amount over the quote's days. */
function Lines({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation('quotes');
  const money: MoneyFormat = quote.money;
  const prices = (l: QuoteLineRow, which: 'list' | 'quoted') => (
    <PriceDisplay
      model={l.businessModel}
      prices={
        which === 'list' ? { day: l.listDayCents, month: l.listMonthCents } : { day: l.dayCents, month: l.monthCents }
      }
      money={money}
    />
  );
  return (
    <Table<QuoteLineRow>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={quote.lines}
      columns={[
        {
          key: 'machine',
          title: t('detail.machine'),
          render: (_, l) => (l.deviceId ? `${l.modelName} ${l.serialNumber}` : `${l.modelName} × ${l.count}`),
        },
        {
          key: 'businessModel',
          title: t('fields.businessModel'),
          render: (_, l) => <StatusBadge table={BUSINESS_MODEL} value={l.businessModel} />,
        },
        { key: 'list', title: t('detail.listPrice'), render: (_, l) => prices(l, 'list') },
        {
          key: 'discount',
          title: t('detail.discount'),
          render: (_, l) => (l.discountBp ? `${l.discountBp / 100}%` : '-'),
        },
        { key: 'quoted', title: t('detail.quoted'), render: (_, l) => prices(l, 'quoted') },
        {
          key: 'amount',
          title: t('detail.amount', currencyVariablesOf(money)),
          align: 'right',
          render: (_, l) => formatAmount(l.amountCents, money),
        },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={5}>
            <Typography.Text strong>{t('form.total', currencyVariablesOf(money))}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            <Typography.Text strong data-testid="quote-total">
              {formatAmount(quote.totalCents, money)}
            </Typography.Text>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

/** What the quote holds, or held: each reservation, its days and why it ended. */
function Reservations({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation('quotes');
  return (
    <Table<ReservationRow>
      rowKey="id"
      size="small"
      pagination={false}
      locale={{ emptyText: t('detail.noReservations') }}
      dataSource={quote.reservations}
      data-testid="quote-reservations"
      columns={[
        {
          key: 'machine',
          title: t('detail.machine'),
          render: (_, r) => (r.count > 1 ? `${r.machine} × ${r.count}` : r.machine),
        },
        { key: 'days', title: t('detail.days'), render: (_, r) => `${r.startOn} ~ ${r.endOn}` },
        {
          key: 'state',
          title: t('fields.state'),
          render: (_, r) => <StatusBadge table={RESERVATION_STATE_TABLE} value={r.state} />,
        },
        {
          key: 'holder',
          title: t('fields.holding'),
          render: (_, r) => t(`holders.${r.holder}`, { number: r.holderNumber }),
        },
        {
          key: 'ended',
          title: t('detail.endReason'),
          render: (_, r) => (r.endReason ? t(`endReasons.${r.endReason}` as 'endReasons.expired') : '-'),
        },
      ]}
    />
  );
}

function PdfButton({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation('quotes');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await queryClient.fetchQuery({ ...endpointQuery(api.pdf, { id: quote.id }), staleTime: 0 });
      saveBase64(file.fileName, file.content, file.mimeType);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
      {t('detail.pdf')}
    </Button>
  );
}

function HoldButton({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation('quotes');
  const hold = useEndpointMutation(api.hold, { invalidates: QUOTE_READS });
  if (!quote.canHold && !quote.canUnhold) return null;
  const on = quote.canHold;
  return (
    <ConfirmButton
      title={t(on ? 'detail.holdConfirm' : 'detail.unholdConfirm')}
      onConfirm={() => hold.mutateAsync({ body: { id: quote.id, hold: on } })}
    >
      {t(on ? 'detail.hold' : 'detail.unhold')}
    </ConfirmButton>
  );
}

/** /leaseCenter/quoteDetail?id=: the quote, its priced lines, what it holds, its history and its moves. */
export function QuoteDetailPage() {
  const { t } = useTranslation(['quotes', 'common']);
  const fields = useQuoteFields();
  const id = useScreenQuery(quoteScreens.quoteDetail).query.id ?? 0;
  const query = useQuery({ ...endpointQuery(api.detail, { id }), enabled: id > 0 });
  const back = <Link to={href(quoteScreens.quoteMng)}>{t('list.title')}</Link>;
  return (
    <RecordDetail
      id={id}
      query={query}
      back={back}
      notFound={t('detail.notFound')}
      testIds={{ number: 'quote-number', status: 'quote-state' }}
      number={(q) => q.number}
      status={(q) => <StatusBadge table={QUOTE_STATE_TABLE} value={q.state} />}
      actions={(q) => (
        <>
          <QuoteActions quote={q} />
          <HoldButton quote={q} />
          {q.movable && (
            <MoveDatesButton
              record={{
                kind: 'quote',
                id: q.id,
                number: q.number,
                customer: q.customerName,
                startOn: q.startOn,
                endOn: q.endOn,
              }}
            />
          )}
          {q.editable && (
            <Link to={href(quoteScreens.addQuote, { id: q.id })}>
              <Button>{t('detail.edit')}</Button>
            </Link>
          )}
          <PdfButton quote={q} />
        </>
      )}
      descriptions={(q) => [
        {
          key: 'customer',
          label: q.prospect ? t('fields.prospect') : t('fields.renter'),
          children: q.customerName,
        },
        ...(q.prospect
          ? [
              {
                key: 'contact',
                label: t('fields.prospectContact'),
                children: `${q.prospectContact} ${q.prospectPhone}`.trim() || '-',
              },
            ]
          : []),
        ...fields.descriptions(q, ['storeName', 'salespersonName', 'startOn', 'endOn', 'validUntil']),
        { key: 'site', label: t('fields.siteAddress'), span: 2, children: q.site || '-' },
        {
          key: 'contract',
          label: t('detail.contract'),
          children: q.contractId ? (
            <Link to={href(leaseContractScreens.contractDetail, { id: q.contractId })} data-testid="quote-contract">
              {q.contractNumber}
            </Link>
          ) : (
            '-'
          ),
        },
        { key: 'remark', label: t('fields.remark'), span: 3, children: q.remark || '-' },
      ]}
    >
      {(q) => (
        <>
          <Card title={t('detail.lines')}>
            <Lines quote={q} />
          </Card>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={14}>
              <Card title={t('detail.reservations')}>
                <Reservations quote={q} />
              </Card>
            </Col>
            <Col xs={24} lg={10}>
              <Card title={t('detail.timeline')}>
                <Timeline
                  items={q.events.map((e) => ({
                    key: e.id,
                    children: (
                      <>
                        <Typography.Text strong>{t(`events.${e.action}`)}</Typography.Text> {e.userName}{' '}
                        <Typography.Text type="secondary">{e.at}</Typography.Text>
                        {e.days && (
                          <div>
                            {t('detail.movedDays', {
                              fromStart: e.days.fromStartOn,
                              fromEnd: e.days.fromEndOn,
                              start: e.days.startOn,
                              end: e.days.endOn,
                            })}
                          </div>
                        )}
                        {e.reason && <div>{e.reason}</div>}
                      </>
                    ),
                  }))}
                />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </RecordDetail>
  );
}
