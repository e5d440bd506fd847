import { useRef, useState, type DragEvent } from 'react';
import { Empty, Pagination, Spin, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  availabilityEndpoints as api,
  type CalendarAnswer,
  type CalendarMachine,
  type CalendarSpanRow,
  type HoldRef,
} from '@console/contract/http/availability';
import type { QueryOf } from '@console/contract/http/endpoint';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useOrgToday } from '../../../lib/days.ts';
import { addDays, daysFrom, recordHref, STATE_COLORS, weekday } from '../states.ts';
import { MoveDatesDialog, useReschedule, type MoveTarget } from './move-dates.tsx';

const DAY_WIDTH = 28;
const MACHINE_WIDTH = 220;

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** What a run of days says when pointed at: its state, its record, its days, whom it is for. */
function useDescribe() {
  const { t } = useTranslation('availability');
  return (span: CalendarSpanRow, ref: HoldRef | null) => {
    const parts = [t(`states.${span.state}`)];
    if (ref) {
      if (ref.kind !== 'device') parts.push(t(`kinds.${ref.kind}`, { number: ref.number }));
      if (ref.customer) parts.push(t('grid.customer', { customer: ref.customer }));
      parts.push(
        ref.to === null ? t('grid.since', { from: ref.from }) : t('grid.until', { from: ref.from, to: ref.to }),
      );
      if (ref.expectedOn) parts.push(t('grid.expected', { day: ref.expectedOn }));
    } else {
      parts.push(t('grid.until', { from: span.from, to: span.to }));
    }
    return parts.join(' · ');
  };
}

/** The day under the pointer in a cell spanning its days (`data-from`, `colSpan`). */
function dayAt(cell: HTMLTableCellElement, clientX: number): string | null {
  const from = cell.dataset.from;
  if (!from) return null;
  const rect = cell.getBoundingClientRect();
  const span = Math.max(1, cell.colSpan);
  const i = Math.min(span - 1, Math.max(0, Math.floor(((clientX - rect.left) / rect.width) * span)));
  return addDays(from, i);
}

/** A bar being dragged: its record and the day it was taken by. */
interface Dragged {
  ref: HoldRef;
  day: string;
}

function MachineRow({
  machine,
  answer,
  onChoose,
  onDragFrom,
}: {
  machine: CalendarMachine;
  answer: CalendarAnswer;
  onChoose: (target: MoveTarget) => void;
  onDragFrom: (dragged: Dragged | null) => void;
}) {
  const navigate = useNavigate();
  const { t } = useTranslation('availability');
  const describe = useDescribe();
  return (
    <tr data-testid={`machine-${machine.serialNumber}`}>
      <th
        scope="row"
        style={{
          position: 'sticky',
          left: 0,
          zIndex: 1,
          background: '#fff',
          minWidth: MACHINE_WIDTH,
          maxWidth: MACHINE_WIDTH,
          textAlign: 'left',
          fontWeight: 'normal',
          padding: '2px 8px',
          borderBottom: '1px solid #f0f0f0',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
        title={`${machine.modelName} ${machine.serialNumber} · ${machine.storeName}`}
      >
        <Typography.Link onClick={() => navigate(recordHref({ kind: 'device' } as HoldRef, machine))}>
          {machine.serialNumber}
        </Typography.Link>{' '}
        <Typography.Text type="secondary">{machine.modelName}</Typography.Text>
      </th>
      {machine.spans.map((span) => {
        const ref = span.ref === null ? null : answer.refs[span.ref]!;
        const colors = STATE_COLORS[span.state];
        const movable = ref?.movable === true;
        const text = movable ? `${describe(span, ref)} · ${t('move.hint')}` : describe(span, ref);
        const width = daysBetween(span.from, span.to);
        const opens = ref !== null;
        // A quote's or contract draft's bar: a click (or Enter) offers to open it or move its days; a drag moves them.
        const open = () => {
          if (!ref) return;
          if (movable) onChoose({ ref, machine });
          else void navigate(recordHref(ref, machine));
        };
        return (
          <td
            key={span.from}
            colSpan={width}
            data-state={span.state}
            data-from={span.from}
            data-to={span.to}
            data-movable={movable ? 'true' : undefined}
            title={text}
            aria-label={`${machine.serialNumber}: ${text}`}
            role={opens ? 'button' : undefined}
            tabIndex={opens ? 0 : undefined}
            onClick={opens ? open : undefined}
            onKeyDown={
              opens
                ? (e) => {
                    if (e.key === 'Enter') open();
                  }
                : undefined
            }
            draggable={movable}
            onDragStart={
              movable
                ? (e: DragEvent<HTMLTableCellElement>) => {
                    const day = dayAt(e.currentTarget, e.clientX) ?? span.from;
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', `${ref.kind}:${ref.id}`);
                    onDragFrom({ ref, day });
                  }
                : undefined
            }
            onDragEnd={movable ? () => onDragFrom(null) : undefined}
            style={{
              background: colors.background,
              color: colors.color,
              cursor: movable ? 'grab' : opens ? 'pointer' : 'default',
              height: 26,
              padding: '0 4px',
              fontSize: 12,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              maxWidth: width * DAY_WIDTH,
              borderBottom: '1px solid #fff',
              borderRight: '1px solid #fff',
            }}
          >
            {ref && ref.number && width >= 3 ? ref.number : ''}
          </td>
        );
      })}
    </tr>
  );
}

/** The machines × days grid: one row per machine, each run of days one cell coloured by its state. */
export function MachineGrid({
  query,
  onPage,
}: {
  query: QueryOf<typeof api.calendar>;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation('availability');
  const today = useOrgToday();
  const read = useQuery({ ...endpointQuery(api.calendar, query), placeholderData: keepPreviousData });
  const [target, setTarget] = useState<MoveTarget | null>(null);
  const dragged = useRef<Dragged | null>(null);
  const reschedule = useReschedule();
  // A bar dropped on another day moves its record by as many days (the server refuses what does not fit).
  const over = (e: DragEvent<HTMLTableSectionElement>) => {
    if (!dragged.current) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
  };
  const drop = (e: DragEvent<HTMLTableSectionElement>) => {
    const from = dragged.current;
    dragged.current = null;
    const cell = (e.target as HTMLElement).closest('td');
    if (!from || !cell) return;
    e.preventDefault();
    const day = dayAt(cell, e.clientX);
    if (day) void reschedule.drop(from.ref, daysBetween(from.day, day) - 1);
  };
  const answer = read.data;
  const days = daysFrom(query.from, Number(query.days ?? 31));
  const weekdays = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en' : 'zh-CN', {
    weekday: 'narrow',
    timeZone: 'UTC',
  });
  if (!answer) return <Spin />;
  return (
    <Spin spinning={read.isFetching}>
      <div style={{ overflowX: 'auto', maxHeight: '70vh', overflowY: 'auto' }} data-testid="availability-grid">
        <table style={{ borderCollapse: 'collapse', tableLayout: 'fixed' }}>
          <colgroup>
            <col style={{ width: MACHINE_WIDTH }} />
            {days.map((d) => (
              <col key={d} style={{ width: DAY_WIDTH }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <th
                style={{
                  position: 'sticky',
                  left: 0,
                  top: 0,
                  zIndex: 3,
                  background: '#fafafa',
                  textAlign: 'left',
                  padding: '2px 8px',
                }}
              >
                {t('grid.machine')}
              </th>
              {days.map((d) => (
                <th
                  key={d}
                  title={d}
                  style={{
                    position: 'sticky',
                    top: 0,
                    zIndex: 2,
                    background: d === today ? '#e6f4ff' : weekday(d) % 6 === 0 ? '#f5f5f5' : '#fafafa',
                    fontWeight: d === today ? 600 : 'normal',
                    fontSize: 11,
                    lineHeight: 1.2,
                    padding: '2px 0',
                    textAlign: 'center',
                  }}
                >
                  {d.slice(8) === '01' || d === days[0] ? <div>{d.slice(5, 7)}</div> : <div>&nbsp;</div>}
                  <div>{Number(d.slice(8))}</div>
                  <div style={{ color: '#8c8c8c' }}>{weekdays.format(new Date(`${d}T00:00:00Z`))}</div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody onDragOver={over} onDrop={drop}>
            {answer.list.map((m) => (
              <MachineRow
                key={m.id}
                machine={m}
                answer={answer}
                onChoose={setTarget}
                onDragFrom={(d) => {
                  dragged.current = d;
                }}
              />
            ))}
          </tbody>
        </table>
        {answer.list.length === 0 && <Empty description={t('grid.empty')} />}
      </div>
      <Pagination
        style={{ marginTop: 12, textAlign: 'right' }}
        current={answer.page}
        pageSize={answer.pageSize}
        total={answer.total}
        showSizeChanger={false}
        onChange={onPage}
      />
      <MoveDatesDialog target={target} onClose={() => setTarget(null)} />
    </Spin>
  );
}
