import { lazy, Suspense, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { screenEndpoints, type FleetScreen } from '@console/contract/http/screens';
import { retryNetworkOnly } from '../../../components/query-state.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { ScreenFrame } from './screen-frame.tsx';
import { ScreenHeader, useScreenColours } from './screen-header.tsx';
import { AlarmTicker, inScreenArea, KindChart, Panel, StateFigures, TrendChart } from './screen-parts.tsx';
import { ScreenProblem } from './screen-problem.tsx';
import { useScreenRefresh } from './use-screen-refresh.ts';

// Leaflet and the clustering come with the map, after the figures have shown.
const ScreenMap = lazy(() => import('./screen-map.tsx').then((m) => ({ default: m.ScreenMap })));

/** A map loads its positions again at most this often for machines reporting a first position. */
const MAP_RELOAD_MS = 60_000;

/** The fleet screen's layouts: the console's own, the JD brands' (map first, wider), the data-screen viewer's. */
export type BoardLayout = 'fleet' | 'jd';

/**
 * The fleet big screen (/bigScreen, /jdBigScreen, /screen, /screenDetail): the viewer's machines on a clustered map,
 * by state and kind, today's alarms scrolling and the utilisation trend, all counted by the server and recounted
 * when the live stream reports a change.
 */
export function FleetBoard({
  title,
  layout = 'fleet',
  orgId,
  headerExtra,
  refusedExtra,
  below,
}: {
  title: string;
  layout?: BoardLayout;
  /** The site (/screenDetail) as its address gives it: the server refuses one that is not an id. */
  orgId?: string;
  headerExtra?: ReactNode;
  /** The way on when the server refuses the screen (back to the data screen). */
  refusedExtra?: ReactNode;
  /** Under the map (the data screen's links to its sites). */
  below?: (data: FleetScreen) => ReactNode;
}) {
  const { t } = useTranslation('home');
  const colours = useScreenColours();
  const fleet = useQuery({ ...endpointQuery(screenEndpoints.fleet, { orgId }, { background: true }) });
  // The map is loaded once and moved by the live events; loaded again when the recounted figures hold machines it
  // does not (added since, or reporting a first position), so no screen needs reopening for them.
  const positions = useQuery({
    ...endpointQuery(screenEndpoints.positions, { orgId }, { background: true }),
    retry: retryNetworkOnly,
    staleTime: Infinity,
    gcTime: 0,
  });
  useScreenRefresh([screenEndpoints.fleet]);
  const counted = fleet.data?.machines;
  const mapped = positions.data ? positions.data.ids.length + positions.data.unplaced : undefined;
  const { refetch: reloadMap } = positions;
  useEffect(() => {
    if (counted !== undefined && mapped !== undefined && counted !== mapped) void reloadMap();
  }, [counted, mapped, reloadMap]);
  const lastReload = useRef(0);
  const onNewPosition = useCallback(() => {
    if (Date.now() - lastReload.current < MAP_RELOAD_MS) return;
    lastReload.current = Date.now();
    void reloadMap();
  }, [reloadMap]);
  const unplaced = positions.data?.unplaced ?? 0;
  const { accent } = colours;

  let body: ReactNode;
  if (fleet.isError)
    body = <ScreenProblem error={fleet.error} onRetry={() => void fleet.refetch()} extra={refusedExtra} />;
  else if (!fleet.data) body = <p className="screen-empty">{t('board.loading')}</p>;
  else {
    const data = fleet.data;
    const map = (
      <Panel
        title={data.orgName || t('board.map')}
        accent={accent}
        extra={
          <span className="screen-big" data-testid="screen-alarms-open">
            {t('board.openAlarms', { count: data.alarmsToday.open })}
          </span>
        }
      >
        <div style={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 12 }}>
          <div style={{ flex: 1, minHeight: 0 }}>
            {positions.data && (
              <Suspense fallback={null}>
                <ScreenMap positions={positions.data} onNewPosition={unplaced > 0 ? onNewPosition : undefined} />
              </Suspense>
            )}
          </div>
          {below?.(data)}
        </div>
      </Panel>
    );
    const jd = layout === 'jd';
    const states = (
      <Panel title={t('board.byState')} accent={accent}>
        <StateFigures data={data} columns={jd ? 8 : 2} />
      </Panel>
    );
    const kinds = (
      <Panel title={t('board.byKind')} accent={accent}>
        <KindChart data={data} height={jd ? 210 : 320} />
      </Panel>
    );
    const alarms = (
      <Panel
        title={t('board.alarms')}
        accent={accent}
        extra={
          <span className="screen-big" data-testid="screen-alarms-today">
            {data.alarmsToday.count.toLocaleString()}
          </span>
        }
      >
        <AlarmTicker data={data} height={jd ? 320 : 400} />
      </Panel>
    );
    const trend = (
      <Panel title={t('board.trend')} accent={accent}>
        <TrendChart data={data} height={jd ? 210 : 320} accent={accent} />
      </Panel>
    );
    // Every box has its place: the console's layout puts the map in the middle, the JD brands' leads with the figures.
    const grid = jd
      ? { columns: '1fr 620px', rows: '210px 1.3fr 1fr', areas: '"states states" "map alarms" "kinds trend"' }
      : { columns: '460px 1fr 520px', rows: '500px 1fr', areas: '"states map alarms" "kinds map trend"' };
    body = (
      <div
        className="screen-grid"
        data-layout={layout}
        style={{ gridTemplateColumns: grid.columns, gridTemplateRows: grid.rows, gridTemplateAreas: grid.areas }}
      >
        {inScreenArea('states', states)}
        {inScreenArea('map', map)}
        {inScreenArea('alarms', alarms)}
        {inScreenArea('kinds', kinds)}
        {inScreenArea('trend', trend)}
      </div>
    );
  }

  return (
    <ScreenFrame background={colours.background}>
      <div className="screen-board">
        <ScreenHeader title={title} extra={headerExtra} />
        {body}
      </div>
    </ScreenFrame>
  );
}
