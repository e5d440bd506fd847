import { useRef, useState, type PointerEvent } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Popover, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHeldRows } from '../../components/held-rows.ts';
import { bellQuery } from '../../lib/shared-queries.ts';
import { href } from '@console/contract/screens/screen';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';

const NO_ALARMS: never[] = [];

/** Spec section 9: the pane scrolls at 400 px. */
const PANE_HEIGHT = 400;
/** A press that moves less than this is a click, not a drag. */
const DRAG_THRESHOLD = 4;

/** The draggable alarm bell with its count; its pane lists the open alarms, each a link to its device. */
export function AlarmBell() {
  const { t } = useTranslation(['shell', 'common']);
  const { data } = useQuery(bellQuery());
  const [open, setOpen] = useState(false);
  // Distance from the bottom-right corner of the window, moved by dragging.
  const [offset, setOffset] = useState({ right: 32, bottom: 96 });
  const drag = useRef<{ x: number; y: number; right: number; bottom: number; moved: boolean } | null>(null);
  // The click that ends a drag must not open or close the pane.
  const endedDrag = useRef(false);
  const count = data?.count ?? 0;
  // While the pane is open its items keep their places: new alarms wait behind a button (held-rows.ts).
  const held = useHeldRows(data?.list ?? NO_ALARMS, (a) => a.wid, 'bell', open);
  const alarms = held.rows;

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    drag.current = { x: e.clientX, y: e.clientY, ...offset, moved: false };
    endedDrag.current = false;
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const start = drag.current;
    if (!start) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (!start.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    start.moved = true;
    setOffset({
      right: Math.min(Math.max(0, start.right - dx), window.innerWidth - 48),
      bottom: Math.min(Math.max(0, start.bottom - dy), window.innerHeight - 48),
    });
  };
  const onPointerUp = () => {
    endedDrag.current = drag.current?.moved ?? false;
    drag.current = null;
  };
  const onOpenChange = (next: boolean) => {
    if (endedDrag.current) endedDrag.current = false;
    else {
      if (next) held.hold();
      setOpen(next);
    }
  };

  const pane = (
    <div style={{ width: 340, maxHeight: PANE_HEIGHT, overflowY: 'auto' }}>
      {held.changed && (
        <Button type="link" size="small" block onClick={held.release}>
          {held.newCount > 0 ? t('shell:bell.newAlarms', { count: held.newCount }) : t('shell:bell.listChanged')}
        </Button>
      )}
      {alarms.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell:bell.empty')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {alarms.map((a) => (
            <li key={a.wid} style={{ borderBottom: '1px solid rgba(5,5,5,.06)' }}>
              <Link
                to={href(deviceDetailScreens.legacy, { nid: a.nid })}
                onClick={() => setOpen(false)}
                style={{ display: 'block', padding: '8px 4px', color: 'inherit' }}
              >
                <Typography.Text strong>{a.pname}</Typography.Text>
                <Typography.Text type="secondary"> · {a.zoneName}</Typography.Text>
                <div>
                  <Typography.Text type="danger">{a.alarmType}</Typography.Text> {a.alarmInfo}
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {a.alarmTime}
                </Typography.Text>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <div style={{ position: 'fixed', right: offset.right, bottom: offset.bottom, zIndex: 1000, touchAction: 'none' }}>
      <Popover
        open={open}
        onOpenChange={onOpenChange}
        trigger="click"
        placement="leftBottom"
        title={t('shell:bell.title')}
        content={pane}
      >
        <Badge count={count} overflowCount={99}>
          <Button
            shape="circle"
            size="large"
            icon={<BellOutlined />}
            aria-label={t('shell:bell.label', { count })}
            aria-expanded={open}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            style={{ boxShadow: '0 4px 12px rgba(0,0,0,.15)' }}
          />
        </Badge>
      </Popover>
    </div>
  );
}
