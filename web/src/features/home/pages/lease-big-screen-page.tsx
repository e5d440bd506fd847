import { useMemo, type ReactNode } from 'react';
import { Segmented } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EChartsCoreOption } from 'echarts/core';
import { CONTRACT_STATUS } from '@console/contract/codes/contract-status';
import { formatMoney, formatNumber } from '@console/contract/codes/money';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { screenEndpoints, type LeaseScreen } from '@console/contract/http/screens';
import { homeScreens } from '@console/contract/screens/home';
import { useCodeLabel } from '../../../components/code-label.ts';
import { EChart } from '../../../components/echart.tsx';
import { currencyVariablesOf, numberText } from '../../../lib/money.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { BackLink } from '../components/back-link.tsx';
import { ScreenFrame } from '../components/screen-frame.tsx';
import { ScreenHeader, useScreenColours } from '../components/screen-header.tsx';
import { CountBars, Figures, inScreenArea, Panel, type Figure } from '../components/screen-parts.tsx';
import { ScreenProblem } from '../components/screen-problem.tsx';
import { useScreenRefresh, type RefreshRule } from '../components/use-screen-refresh.ts';

/**
 * Contracts move with their signing (the stream's contract events); bills, receipts and handovers are people's and
 * the scheduler's writes the stream does not carry, so the screen also asks once a minute (decision 046).
 */
const LEASE_REFRESH: RefreshRule = { contract: 1000 };
const LEASE_EVERY_MS = 60_000;

const CHART_TEXT = { color: '#c9dcf5', fontSize: 18 };

function IncomeTrend({ data, accent, height }: { data: LeaseScreen; accent: string; height: number }) {
  const { t } = useTranslation('home');
  const { money } = data;
  const option = useMemo<EChartsCoreOption>(
    () => ({
      textStyle: CHART_TEXT,
      legend: { top: 0, textStyle: CHART_TEXT },
      tooltip: { trigger: 'axis', valueFormatter: (cents: number) => formatMoney(cents, money) },
      grid: { left: 110, right: 30, top: 44, bottom: 36 },
      xAxis: { type: 'category', data: data.trend.map((m) => m.month), axisLabel: CHART_TEXT },
      yAxis: {
        type: 'value',
        axisLabel: { ...CHART_TEXT, formatter: (cents: number) => formatNumber(cents / 100, money) },
        splitLine: { lineStyle: { color: '#ffffff22' } },
      },
      series: [
        {
          name: t('lease.billedSeries'),
          type: 'bar',
          barMaxWidth: 40,
          itemStyle: { color: '#3a7bd5' },
          data: data.trend.map((m) => m.billedCents),
        },
        {
          name: t('lease.receivedSeries'),
          type: 'line',
          smooth: true,
          symbolSize: 8,
          lineStyle: { width: 4, color: accent },
          itemStyle: { color: accent },
          data: data.trend.map((m) => m.receivedCents),
        },
      ],
    }),
    [data.trend, money, accent, t],
  );
  return <EChart option={option} height={height} label={t('lease.trend', currencyVariablesOf(money))} />;
}

function OverdueRenters({ data }: { data: LeaseScreen }) {
  const { t } = useTranslation('home');
  if (data.overdueRenters.length === 0) return <p className="screen-empty">{t('lease.noArrears')}</p>;
  return (
    <table className="screen-table screen-table--compact" aria-label={t('lease.renters')}>
      <thead>
        <tr>
          <th>{t('lease.columns.renter')}</th>
          <th>{t('lease.columns.owed', currencyVariablesOf(data.money))}</th>
          <th>{t('lease.columns.contracts')}</th>
          <th>{t('lease.columns.days')}</th>
        </tr>
      </thead>
      <tbody>
        {data.overdueRenters.map((r) => (
          <tr key={r.renterId}>
            <td>{r.name}</td>
            <td style={{ color: '#ff7875' }}>{formatMoney(r.overdueCents, data.money)}</td>
            <td>{r.contracts}</td>
            <td>{r.daysOverdue}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LeaseBoard({ data, accent }: { data: LeaseScreen; accent: string }) {
  const { t } = useTranslation('home');
  const label = useCodeLabel();
  const inExecution = data.contracts.find((c) => c.state === 'inExecution')?.contracts ?? 0;
  // The money figures are of the companies billing in one currency (decision 064): their labels name it.
  const unit = currencyVariablesOf(data.money);
  const money = (cents: number) => formatMoney(cents, data.money);
  const figures: Figure[] = [
    { key: 'inExecution', label: t('lease.inExecution'), value: inExecution, color: '#52c41a' },
    {
      key: 'onLease',
      label: t('lease.onLease'),
      value: `${numberText(data.machines.onLease)} / ${numberText(data.machines.owned)}`,
    },
    { key: 'billed', label: t('lease.billed', unit), value: money(data.thisMonth.billedCents) },
    { key: 'received', label: t('lease.received', unit), value: money(data.thisMonth.receivedCents), color: accent },
    {
      key: 'arrears',
      label: t('lease.arrears', { ...unit, count: data.arrears.renters }),
      value: money(data.arrears.overdueCents),
      color: '#ff7875',
    },
  ];
  const stateName = (state: string) =>
    state === 'draft' ? t('lease.draft') : label(CONTRACT_STATUS, LEASE_STATUS[state as keyof typeof LEASE_STATUS]);
  return (
    <div
      className="screen-grid"
      style={{
        gridTemplateColumns: '620px 1fr',
        gridTemplateRows: '130px 1fr 1.2fr',
        gridTemplateAreas: '"figures figures" "states trend" "states renters"',
      }}
    >
      {inScreenArea(
        'figures',
        <section aria-label={t('lease.title')}>
          <Figures figures={figures} columns={figures.length} />
        </section>,
      )}
      {inScreenArea(
        'states',
        <Panel title={t('lease.byState')} accent={accent}>
          <CountBars
            horizontal
            label={t('lease.byState')}
            names={data.contracts.map((c) => stateName(c.state))}
            values={data.contracts.map((c) => c.contracts)}
            height={690}
            color={accent}
          />
        </Panel>,
      )}
      {inScreenArea(
        'trend',
        <Panel title={t('lease.trend', unit)} accent={accent}>
          <IncomeTrend data={data} accent={accent} height={255} />
        </Panel>,
      )}
      {inScreenArea(
        'renters',
        <Panel title={t('lease.renters')} accent={accent}>
          <OverdueRenters data={data} />
        </Panel>,
      )}
    </div>
  );
}

/**
 * The currency of the money figures, where the viewer's companies bill in several (the operator's finance): one at a
 * time, never added up (decision 064); the choice is kept in the address, so a screen on a wall keeps it.
 */
function CurrencyChoice({ data }: { data: LeaseScreen }) {
  const { t } = useTranslation('home');
  const { update } = useScreenQuery(homeScreens.leaseBigScreen);
  if (data.currencies.length < 2) return null;
  return (
    <Segmented
      aria-label={t('lease.currency')}
      value={data.money.currency.code}
      options={data.currencies.map((m) => ({
        value: m.currency.code,
        label: `${m.currency.code} (${m.currency.symbol})`,
      }))}
      onChange={(code) => update({ currency: String(code) })}
    />
  );
}

/**
 * /leaseBigScreen: the rental business of the viewer's rental companies (contracts by state, machines on lease,
 * this month's income and the last twelve months', arrears and the renters owing most), counted by the server.
 * Other viewers of the big screens are told whose screen it is; a company without lease data is told so.
 */
export function LeaseBigScreenPage() {
  const { t } = useTranslation('home');
  const colours = useScreenColours();
  const { from, currency } = useScreenQuery(homeScreens.leaseBigScreen).query;
  // An address typed by hand with no currency code in it opens on the default currency rather than a refusal.
  const asked = currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined;
  const lease = useQuery(endpointQuery(screenEndpoints.lease, { currency: asked }, { background: true }));
  useScreenRefresh([screenEndpoints.lease], LEASE_REFRESH, LEASE_EVERY_MS);

  let body: ReactNode;
  if (lease.isError)
    body = (
      <ScreenProblem
        error={lease.error}
        onRetry={() => void lease.refetch()}
        message={t('lease.notYours')}
        extra={<BackLink from={from} />}
      />
    );
  else if (!lease.data) body = <p className="screen-empty">{t('board.loading')}</p>;
  else if (lease.data.empty)
    body = (
      <div className="screen-problem" data-testid="lease-empty">
        <p>{t('lease.empty')}</p>
      </div>
    );
  else body = <LeaseBoard data={lease.data} accent={colours.accent} />;
  return (
    <ScreenFrame background={colours.background}>
      <div className="screen-board">
        <ScreenHeader
          title={t('lease.title')}
          extra={
            <>
              {lease.data && !lease.data.empty && <CurrencyChoice data={lease.data} />}
              <BackLink from={from} />
            </>
          }
        />
        {body}
      </div>
    </ScreenFrame>
  );
}
