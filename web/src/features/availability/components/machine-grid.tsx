import {
  memo,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { Empty, Pagination, Spin, theme } from 'antd';
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

/** The key of a run's text: a cell of a record says the same as another of that record and state. */
const textKey = (span: CalendarSpanRow) =>
  span.ref === null ? `${span.state}:${span.from}:${span.to}` : `${span.state}:${span.ref}`;

/**
 * What each run of days of the answer says when pointed at: its state, its record, its days, whom it is for (and
 * that a movable bar moves). A page's cells share a few records, so each text is made once an answer (or language),
 * by `textKey`; a run without a record says its own days.
 */
function useTexts(answer: CalendarAnswer | undefined): Map<string, string> {
  const { t } = useTranslation('availability');
  return useMemo(() => {
    const texts = new Map<string, string>();
    for (const span of answer?.list.flatMap((m) => m.spans) ?? []) {
      const key = textKey(span);
      if (texts.has(key)) continue;
      const ref = span.ref === null ? null : (answer?.refs[span.ref] ?? null);
      const parts = [t(`states.${span.state}`)];
      if (ref) {
        if (ref.kind !== 'device') parts.push(t(`kinds.${ref.kind}`, { number: ref.number }));
        if (ref.customer) parts.push(t('grid.customer', { customer: ref.customer }));
        parts.push(
          ref.to === null ? t('grid.since', { from: ref.from }) : t('grid.until', { from: ref.from, to: ref.to }),
        );
        if (ref.expectedOn) parts.push(t('grid.expected', { day: ref.expectedOn }));
        if (ref.movable === true) parts.push(t('move.hint'));
      } else {
        parts.push(t('grid.until', { from: span.from, to: span.to }));
      }
      texts.set(key, parts.join(' · '));
    }
    return texts;
  }, [t, answer]);
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

const HEAD_STYLE: CSSProperties = {
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
};

/**
 * One machine's row: plain cells, no handlers of their own (the body handles clicks, keys and drags for every cell:
 * `MachineGrid`), so a page of a hundred rows over two months draws at once. Each cell says its record by its index
 * in the answer's `refs` (`data-ref`), and the row its machine (`data-machine`).
 */
const MachineRow = memo(function MachineRow({
  machine,
  index,
  answer,
  texts,
  linkColor,
  secondaryColor,
}: {
  machine: CalendarMachine;
  index: number;
  answer: CalendarAnswer;
  texts: Map<string, string>;
  linkColor: string;
  secondaryColor: string;
}) {
  return (
    <tr data-testid={`machine-${machine.serialNumber}`} data-machine={index}>
      <th scope="row" style={HEAD_STYLE} title={`${machine.modelName} ${machine.serialNumber} · ${machine.storeName}`}>
        <a href={recordHref({ kind: 'device' } as HoldRef, machine)} data-open="device" style={{ color: linkColor }}>
          {machine.serialNumber}
        </a>{' '}
        <span style={{ color: secondaryColor }}>{machine.modelName}</span>
      </th>
      {machine.spans.map((span) => {
        const ref = span.ref === null ? null : answer.refs[span.ref]!;
        const colors = STATE_COLORS[span.state];
        const movable = ref?.movable === true;
        const text = texts.get(textKey(span)) ?? '';
        const width = daysBetween(span.from, span.to);
        const opens = ref !== null;
        // A quote's or contract draft's bar: a click (or Enter) offers to open it or move its days; a drag moves them.
        return (
          <td
            key={span.from}
            colSpan={width}
            data-state={span.state}
            data-from={span.from}
            data-to={span.to}
            data-ref={opens ? span.ref! : undefined}
            data-movable={movable ? 'true' : undefined}
            title={text}
            aria-label={`${machine.serialNumber}: ${text}`}
            role={opens ? 'button' : undefined}
            tabIndex={opens ? 0 : undefined}
            draggable={movable}
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
});

/** The days' heads: month, day and weekday, today and weekends marked. */
function DayHeads({ days, today }: { days: string[]; today: string }) {
  const { t, i18n } = useTranslation('availability');
  const weekdays = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en' : 'zh-CN', {
    weekday: 'narrow',
    timeZone: 'UTC',
  });
  return (
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
  const { t } = useTranslation('availability');
  const today = useOrgToday();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const read = useQuery({ ...endpointQuery(api.calendar, query), placeholderData: keepPreviousData });
  const answer = read.data;
  const texts = useTexts(answer);
  const [target, setTarget] = useState<MoveTarget | null>(null);
  const dragged = useRef<Dragged | null>(null);
  const reschedule = useReschedule();
  const days = useMemo(() => daysFrom(query.from, Number(query.days ?? 31)), [query.from, query.days]);

  /** The cell an event came from, with its record and its row's machine. */
  const cellOf = (e: { target: EventTarget }) => {
    const cell = (e.target as HTMLElement).closest<HTMLTableCellElement>('td[data-ref]');
    const row = cell?.closest<HTMLTableRowElement>('tr[data-machine]');
    if (!answer || !cell || !row) return null;
    const ref = answer.refs[Number(cell.dataset.ref)];
    const machine = answer.list[Number(row.dataset.machine)];
    return ref && machine ? { cell, ref, machine } : null;
  };
  // A click on a machine opens it; on a bar, a record's bar offers to open it or move its days, another opens it.
  const open = (e: MouseEvent<HTMLTableSectionElement> | KeyboardEvent<HTMLTableSectionElement>) => {
    const link = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-open]');
    if (link) {
      if ('button' in e && (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)) return;
      e.preventDefault();
      void navigate(link.getAttribute('href')!);
      return;
    }
    const hit = cellOf(e);
    if (!hit) return;
    if (hit.ref.movable === true) setTarget({ ref: hit.ref, machine: hit.machine });
    else void navigate(recordHref(hit.ref, hit.machine));
  };
  const dragStart = (e: DragEvent<HTMLTableSectionElement>) => {
    const hit = cellOf(e);
    if (!hit || hit.ref.movable !== true) return;
    const day = dayAt(hit.cell, e.clientX) ?? hit.cell.dataset.from!;
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', `${hit.ref.kind}:${hit.ref.id}`);
    dragged.current = { ref: hit.ref, day };
  };
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
  if (!answer) return <Spin />;
  return (
    <Spin spinning={read.isFetching}>
      {/* `data-drawn`: the span and page whose rows are drawn, set in the same commit as the rows (the bench waits on it). */}
      <div
        style={{ overflowX: 'auto', maxHeight: '70vh', overflowY: 'auto' }}
        data-testid="availability-grid"
        data-drawn={read.isFetching ? undefined : `${query.from}/${days.length}/${answer.page}/${answer.list.length}`}
      >
        <table style={{ borderCollapse: 'collapse', tableLayout: 'fixed' }}>
          <colgroup>
            <col style={{ width: MACHINE_WIDTH }} />
            {days.map((d) => (
              <col key={d} style={{ width: DAY_WIDTH }} />
            ))}
          </colgroup>
          <DayHeads days={days} today={today} />
          <tbody
            onClick={open}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.target as HTMLElement).matches('td[data-ref]')) open(e);
            }}
            onDragStart={dragStart}
            onDragEnd={() => {
              dragged.current = null;
            }}
            onDragOver={over}
            onDrop={drop}
          >
            {answer.list.map((m, i) => (
              <MachineRow
                key={m.id}
                machine={m}
                index={i}
                answer={answer}
                texts={texts}
                linkColor={token.colorLink}
                secondaryColor={token.colorTextSecondary}
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
