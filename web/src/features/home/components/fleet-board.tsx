import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  POINT_SCALE,
  POINT_STRIDE,
  screenEndpoints,
  type FleetScreen,
  type ScreenPoints,
} from '@console/contract/http/screens';
import type { LayerFleet } from '../../../components/fleet-map/fleet-layer.ts';
import { retryNetworkOnly } from '../../../components/query-state.tsx';
import { endpointKey, endpointQuery } from '../../../lib/endpoint-query.ts';
import { ScreenFrame } from './screen-frame.tsx';
import { ScreenHeader, useScreenColours } from './screen-header.tsx';
import { AlarmTicker, inScreenArea, KindChart, Panel, StateFigures, TrendChart } from './screen-parts.tsx';
import { ScreenProblem } from './screen-problem.tsx';
import { useScreenRefresh } from './use-screen-refresh.ts';

// Leaflet and the clustering come with the map: asked for beside the first answer (not after it), drawn after the
// figures.
const loadMap = () => import('./screen-map.tsx');
const ScreenMap = lazy(() => loadMap().then((m) => ({ default: m.ScreenMap })));

/** The packed points of a screen's answer as the fleet layer's columns. */
function unpack({ points }: ScreenPoints): LayerFleet {
  const count = points.length / POINT_STRIDE;
  const fleet: LayerFleet = { ids: [], statuses: [], lats: [], lngs: [] };
  for (let i = 0; i < count; i++) {
    const at = i * POINT_STRIDE;
    fleet.ids.push(points[at]!);
    fleet.lats.push(points[at + 1]! / POINT_SCALE);
    fleet.lngs.push(points[at + 2]! / POINT_SCALE);
    fleet.statuses.push(points[at + 3]!);
  }
  return fleet;
}

/** A map loads its positions again at most this often for machines reporting a first position. */
const MAP_RELOAD_MS = 60_000;

/** The fleet screen's layouts: the console's own, the JD brands' (map first, wider), the data-screen viewer's. */
export type BoardLayout = 'fleet' | 'jd';

/**
 * The fleet big screen (/bigScreen, /jdBigScreen, /screen, /screenDetail): the viewer's machines on a clustered map,
 * by state and kind, today's alarms scrolling and the utilisation trend, all counted by the server and recounted
 * when the live stream reports a change. The first picture comes from one answer (`/screens/board.do`: the
 * figures and the map's packed points); the recounts ask for the figures alone (decision 066).
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
  const queryClient = useQueryClient();
  useEffect(() => {
    void loadMap();
  }, []);
  // The first picture, once; its figures seed the figures' own read, which the live stream refreshes from then on.
  // The map is moved by the live events and loaded again when the recounted figures hold machines it does not
  // (added since, or reporting a first position), so no screen needs reopening for them.
  const boardRead = endpointQuery(screenEndpoints.board, { orgId }, { background: true });
  const readBoard = boardRead.queryFn as Exclude<typeof boardRead.queryFn, symbol | undefined>;
  const board = useQuery({
    ...boardRead,
    queryFn: async (context) => {
      const answer = await readBoard(context);
      // Without the trend (not summed yet) the figures' read asks for the whole figures once enabled.
      const { trend } = answer.figures;
      if (trend) queryClient.setQueryData(endpointKey(screenEndpoints.fleet, { orgId }), { ...answer.figures, trend });
      return answer;
    },
    retry: retryNetworkOnly,
    staleTime: Infinity,
    gcTime: 0,
  });
  const fleet = useQuery({
    ...endpointQuery(screenEndpoints.fleet, { orgId }, { background: true }),
    enabled: board.isSuccess,
    staleTime: Infinity,
  });
  useScreenRefresh([screenEndpoints.fleet]);
  const figures = fleet.data ?? board.data?.figures;
  const points = board.data?.map;
  const mapFleet = useMemo(() => (points ? unpack(points) : undefined), [points]);
  const counted = figures?.machines;
  const mapped = points ? points.points.length / POINT_STRIDE + points.unplaced : undefined;
  const { refetch: reloadMap } = board;
  useEffect(() => {
    if (counted !== undefined && mapped !== undefined && counted !== mapped) void reloadMap();
  }, [counted, mapped, reloadMap]);
  const lastReload = useRef(0);
  const onNewPosition = useCallback(() => {
    if (Date.now() - lastReload.current < MAP_RELOAD_MS) return;
    lastReload.current = Date.now();
    void reloadMap();
  }, [reloadMap]);
  const unplaced = points?.unplaced ?? 0;
  const { accent } = colours;

  const failed = board.isError ? board : fleet.isError ? fleet : null;
  let body: ReactNode;
  if (failed) body = <ScreenProblem error={failed.error} onRetry={() => void failed.refetch()} extra={refusedExtra} />;
  else if (!figures) body = <p className="screen-empty">{t('board.loading')}</p>;
  else {
    // The trend comes with the figures' next answer when the first picture came without it.
    const trendPending = figures.trend === null;
    const data: FleetScreen = { ...figures, trend: figures.trend ?? [] };
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
            {mapFleet && (
              <Suspense fallback={null}>
                <ScreenMap fleet={mapFleet} onNewPosition={unplaced > 0 ? onNewPosition : undefined} />
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
        <AlarmTicker data={data} />
      </Panel>
    );
    const trend = (
      <Panel title={t('board.trend')} accent={accent}>
        {trendPending ? (
          <p className="screen-empty">{t('board.loading')}</p>
        ) : (
          <TrendChart data={data} height={jd ? 210 : 320} accent={accent} />
        )}
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
