import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Button, Space, Spin, Tooltip, Typography } from 'antd';
import { CameraOutlined, CloseOutlined, FullscreenOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import { monitorEndpoints } from '@console/contract/http/monitor';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { href } from '@console/contract/screens/screen';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';

export interface PlayedCamera {
  cameraId: number;
  deviceId: number;
  serialNumber: string;
  channel: number;
  name: string;
  /** The user may keep snapshots with the machine. */
  editable: boolean;
}

/**
 * One camera, live: the server asks the video platform for a signed play address and the player shows the
 * channel's picture, fetching the next one each `refreshMs`. An address that expired, or a channel that went
 * off line meanwhile, fails its picture: the player asks once more and shows the server's answer if that fails.
 */
export function LivePlayer({
  camera,
  onClose,
  height,
}: {
  camera: PlayedCamera;
  onClose?: () => void;
  height: number;
}) {
  const { t } = useTranslation('monitor');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const frameRef = useRef<HTMLDivElement>(null);
  const [tick, setTick] = useState(0);
  const [stopped, setStopped] = useState(false);
  const retried = useRef(false);
  const start = useEndpointMutation(monitorEndpoints.play, { silent: true, background: true });
  const snapshot = useEndpointMutation(monitorEndpoints.snapshot, { invalidates: [deviceRecordEndpoints.files] });
  const { mutate } = start;
  const ask = useCallback(() => mutate({ body: { cameraId: camera.cameraId } }), [camera.cameraId, mutate]);

  useEffect(() => {
    retried.current = false;
    ask();
  }, [ask]);

  const again = () => {
    retried.current = false;
    setStopped(false);
    ask();
  };
  const next = () => {
    retried.current = false;
    if (start.data) window.setTimeout(() => setTick((n) => n + 1), start.data.refreshMs);
  };
  const failed = () => {
    if (retried.current) return setStopped(true);
    retried.current = true;
    ask();
  };
  const error = stopped ? t('player.stopped') : start.error?.message;
  const playing = !error && start.isSuccess ? start.data : null;

  const takeSnapshot = async () => {
    const file = await snapshot.mutateAsync({ body: { cameraId: camera.cameraId } });
    const files = href(deviceDetailScreens.detail, { id: camera.deviceId, tab: 'files' });
    // The message renders outside the router: a real link, followed by the router.
    void message.success(
      <span>
        {t('player.snapshotSaved', { name: file.name })}{' '}
        <a
          href={files}
          onClick={(event) => {
            event.preventDefault();
            void navigate(files);
          }}
        >
          {t('player.openFiles')}
        </a>
      </span>,
    );
  };

  const title = `${camera.serialNumber} · ${t('player.channel', { channel: camera.channel })} ${camera.name}`;
  return (
    <div
      ref={frameRef}
      data-testid={`player-${camera.cameraId}`}
      style={{ background: '#000', display: 'flex', flexDirection: 'column', height }}
    >
      <Space style={{ justifyContent: 'space-between', padding: '2px 8px', background: '#1f1f1f' }}>
        <Typography.Text ellipsis style={{ color: '#fff', maxWidth: 260 }} title={title}>
          {title}
        </Typography.Text>
        <Space size={0}>
          {camera.editable && (
            <Tooltip title={t('player.snapshot')}>
              <Button
                type="text"
                size="small"
                aria-label={t('player.snapshot')}
                icon={<CameraOutlined style={{ color: '#fff' }} />}
                loading={snapshot.isPending}
                disabled={!playing}
                onClick={() => void takeSnapshot()}
              />
            </Tooltip>
          )}
          <Tooltip title={t('player.fullScreen')}>
            <Button
              type="text"
              size="small"
              aria-label={t('player.fullScreen')}
              icon={<FullscreenOutlined style={{ color: '#fff' }} />}
              onClick={() => void frameRef.current?.requestFullscreen?.()}
            />
          </Tooltip>
          {onClose && (
            <Tooltip title={t('player.close')}>
              <Button
                type="text"
                size="small"
                aria-label={t('player.close')}
                icon={<CloseOutlined style={{ color: '#fff' }} />}
                onClick={onClose}
              />
            </Tooltip>
          )}
        </Space>
      </Space>
      <div style={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {!error && !playing && <Spin />}
        {error && (
          <Space direction="vertical" align="center" role="alert">
            <Typography.Text style={{ color: '#ffccc7' }}>{error}</Typography.Text>
            <Button size="small" icon={<ReloadOutlined />} onClick={again}>
              {t('player.retry')}
            </Button>
          </Space>
        )}
        {playing && (
          <img
            src={`${playing.url}&frame=${tick}`}
            alt={title}
            onLoad={next}
            onError={failed}
            style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        )}
      </div>
    </div>
  );
}
