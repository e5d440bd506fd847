import { useState } from 'react';
import { Empty, Flex, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LivePlayer, type PlayedCamera } from './live-player.tsx';
import { MachineList } from './machine-list.tsx';

const LAYOUTS = [1, 4, 9] as const;
type Layout = (typeof LAYOUTS)[number];
const GRID_HEIGHT = 560;

/** The player: machines on the left, a grid of 1, 4 or 9 cells; a channel picked goes to the selected cell. */
export function PlayerGrid() {
  const { t } = useTranslation('monitor');
  const [layout, setLayout] = useState<Layout>(4);
  const [cells, setCells] = useState<(PlayedCamera | null)[]>(() => Array<PlayedCamera | null>(9).fill(null));
  const [selected, setSelected] = useState(0);
  const side = Math.sqrt(layout);
  const cellHeight = Math.floor((GRID_HEIGHT - (side - 1) * 4) / side);

  const pick = (camera: PlayedCamera) => {
    const next = cells.map((cell, i) => (i === selected ? camera : cell));
    setCells(next);
    // The next empty cell of the layout is selected, so picking channels one after another fills the grid.
    const empty = next.findIndex((cell, i) => i < layout && cell === null);
    if (empty >= 0) setSelected(empty);
  };
  const close = (index: number) => setCells(cells.map((cell, i) => (i === index ? null : cell)));

  return (
    <Flex gap={12} style={{ minHeight: GRID_HEIGHT }}>
      <div style={{ width: 280, flex: 'none', height: GRID_HEIGHT + 40 }}>
        <MachineList onPick={pick} />
      </div>
      <Flex vertical gap={8} style={{ flex: 1, minWidth: 0 }}>
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary">{t('grid.hint')}</Typography.Text>
          <Segmented<Layout>
            aria-label={t('grid.layout')}
            value={layout}
            onChange={(value) => {
              setLayout(value);
              if (selected >= value) setSelected(0);
            }}
            options={LAYOUTS.map((n) => ({ value: n, label: t('grid.cells', { count: n }) }))}
          />
        </Flex>
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: `repeat(${side}, minmax(0, 1fr))`,
            gap: 4,
            height: GRID_HEIGHT,
          }}
        >
          {cells.slice(0, layout).map((cell, index) => (
            <div
              key={index}
              role="button"
              tabIndex={0}
              aria-label={t('grid.cell', { n: index + 1 })}
              aria-pressed={index === selected}
              onClick={() => setSelected(index)}
              onKeyDown={(event) => event.key === 'Enter' && setSelected(index)}
              style={{
                outline: index === selected ? '2px solid #1677ff' : '1px solid #303030',
                background: '#141414',
                minHeight: 0,
              }}
            >
              {cell ? (
                <LivePlayer key={cell.cameraId} camera={cell} height={cellHeight} onClose={() => close(index)} />
              ) : (
                <Flex align="center" justify="center" style={{ height: cellHeight }}>
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={<span style={{ color: '#8c8c8c' }}>{t('grid.empty')}</span>}
                  />
                </Flex>
              )}
            </div>
          ))}
        </div>
      </Flex>
    </Flex>
  );
}
