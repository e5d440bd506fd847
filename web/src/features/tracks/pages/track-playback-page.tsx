import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Col, Dropdown, Empty, Row, Skeleton } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_STOP_MINUTES, STOP_MINUTES, trackEndpoints, type TrackHistory } from '@console/contract/http/tracks';
import { trackScreens } from '@console/contract/screens/tracks';
import { downloadFile } from '../../../components/export-list.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { LoadError } from '../../../components/query-state.tsx';
import { trackQuery, type TrackParams } from '../api/tracks.ts';
import { PlayerControls } from '../components/player-controls.tsx';
import { defaultRange, TrackQueryForm, type TrackForm } from '../components/track-query-form.tsx';
import { CurrentPoint, TrackAlarmList, TrackSummaryCard } from '../components/track-panels.tsx';
import { usePlayer } from '../components/use-player.ts';

// Leaflet and the map data load with the map, after the form has shown.
const TrackMap = lazy(() => import('../components/track-map.tsx').then((m) => ({ default: m.TrackMap })));

const MAP_HEIGHT = 520;

/** The form's state from the URL (`?id=` from the device pages), so a track is a link. */
function useTrackForm(): [TrackForm, (next: TrackForm) => void] {
  const { query, update } = useScreenQuery(trackScreens.playback);
  const [start, end] = defaultRange();
  const stop = query.stopMinutes ?? 0;
  const value: TrackForm = {
    id: query.id || null,
    startTime: query.startTime || start,
    endTime: query.endTime || end,
    stopMinutes: (STOP_MINUTES as readonly number[]).includes(stop) ? stop : DEFAULT_STOP_MINUTES,
  };
  return [value, (next) => update(next)];
}

/** /deviceManagement/historicalTrajectory: a machine's track in a period of one month, played on the map. */
export function TrackPlaybackPage() {
  const { t } = useTranslation('tracks');
  const [form, setForm] = useTrackForm();
  const params: TrackParams | null = form.id
    ? { id: form.id, startTime: form.startTime, endTime: form.endTime, stopMinutes: form.stopMinutes }
    : null;
  const track = useQuery({ ...trackQuery(params!), enabled: params !== null });
  const [exporting, setExporting] = useState(false);
  const queryClient = useQueryClient();

  /** The same track as a CSV or KML file, written by the server, handed to the browser as a download. */
  const runExport = (format: 'csv' | 'kml') => {
    setExporting(true);
    queryClient
      .fetchQuery(endpointQuery(trackEndpoints.export, { ...params!, format }))
      .then((file) => downloadFile(file.fileName, file.content, file.mimeType))
      .catch(() => {
        // The API client has shown the failure.
      })
      .finally(() => setExporting(false));
  };

  const body = () => {
    if (!params) return <Empty description={t('prompt.selectMachine')} />;
    if (track.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (track.isError) return <LoadError error={track.error} onRetry={() => void track.refetch()} />;
    if (track.data.points.length === 0) return <Empty description={t('empty')} />;
    // Keyed by the query, so a new track starts its player from the first point.
    return (
      <Playback
        key={JSON.stringify(params)}
        track={track.data}
        onNext={(startTime) => setForm({ ...form, startTime })}
      />
    );
  };

  return (
    <Card
      title={t('title')}
      extra={
        <Dropdown
          disabled={!track.data?.points.length}
          menu={{
            items: [
              { key: 'csv', label: t('export.csv') },
              { key: 'kml', label: t('export.kml') },
            ],
            onClick: ({ key }) => runExport(key as 'csv' | 'kml'),
          }}
        >
          <Button icon={<DownloadOutlined />} loading={exporting}>
            {t('export.button')}
          </Button>
        </Dropdown>
      }
    >
      <TrackQueryForm value={form} current={track.data?.device ?? null} onSubmit={setForm} />
      <div style={{ marginTop: 16 }}>{body()}</div>
    </Card>
  );
}

function Playback({ track, onNext }: { track: TrackHistory; onNext: (startTime: string) => void }) {
  const { t } = useTranslation('tracks');
  const player = usePlayer(track.points.length);
  const [follow, setFollow] = useState(true);
  return (
    <>
      {track.truncated && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('truncated', { count: track.points.length, time: track.points.at(-1)!.gpsTime })}
          action={
            <Button size="small" onClick={() => onNext(track.nextStart!)}>
              {t('next')}
            </Button>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={17}>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: MAP_HEIGHT }} />}>
            <TrackMap track={track} index={player.index} follow={follow} onJump={player.seek} height={MAP_HEIGHT} />
          </Suspense>
          <PlayerControls player={player} points={track.points} follow={follow} onFollow={setFollow} />
          <CurrentPoint point={track.points[player.index]!} />
        </Col>
        <Col xs={24} xl={7}>
          <TrackSummaryCard track={track} />
          <TrackAlarmList alarms={track.alarms} current={player.index} onJump={player.seek} />
        </Col>
      </Row>
    </>
  );
}
