import { Button, Checkbox, Flex, Select, Slider, Typography } from 'antd';
import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PLAYBACK_SPEEDS, type TrackPoint } from '@console/contract/http/tracks';
import type { usePlayer } from './use-player.ts';

interface PlayerControlsProps {
  player: ReturnType<typeof usePlayer>;
  points: TrackPoint[];
  follow: boolean;
  onFollow: (follow: boolean) => void;
}

/** Start and pause, the speed (1x to 32x), the slider over the points and follow-the-machine. */
export function PlayerControls({ player, points, follow, onFollow }: PlayerControlsProps) {
  const { t } = useTranslation('tracks');
  return (
    <Flex gap={12} align="center" wrap style={{ marginTop: 12 }}>
      <Button
        type="primary"
        icon={player.playing ? <PauseOutlined /> : <CaretRightOutlined />}
        onClick={player.playing ? player.pause : player.play}
        disabled={points.length < 2}
      >
        {player.playing ? t('player.pause') : t('player.play')}
      </Button>
      <Select
        aria-label={t('player.speed')}
        value={player.speed}
        onChange={player.setSpeed}
        options={PLAYBACK_SPEEDS.map((speed) => ({ value: speed, label: `${speed}×` }))}
        style={{ width: 90 }}
      />
      <Slider
        ariaLabelForHandle={t('player.position')}
        min={0}
        max={Math.max(0, points.length - 1)}
        value={player.index}
        onChange={player.seek}
        tooltip={{ formatter: (i) => (i === undefined ? '' : points[i]?.gpsTime) }}
        style={{ flex: 1, minWidth: 200 }}
      />
      <Typography.Text type="secondary" aria-label={t('player.progress')}>
        {player.index + 1} / {points.length}
      </Typography.Text>
      <Checkbox checked={follow} onChange={(event) => onFollow(event.target.checked)}>
        {t('player.follow')}
      </Checkbox>
    </Flex>
  );
}
