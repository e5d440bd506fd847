import { Timeline, Typography } from 'antd';
import { formatAmount, type MoneyFormat } from '@console/contract/codes/money';
import { currencyVariablesOf, recordAmountText } from '../../../lib/money.ts';
import { useTranslation } from 'react-i18next';
import { FAULT_TYPE, WORK_ORDER_STATUS } from '@console/contract/codes/service';
import type { WorkOrderEventRow } from '@console/contract/http/work-orders';
import { useCodeLabel } from '../../../components/code-label.ts';

const COLORS: Partial<Record<WorkOrderEventRow['action'], string>> = {
  create: 'blue',
  resolve: 'green',
  close: 'gray',
  suspend: 'orange',
  repair: 'cyan',
  pay: 'purple',
};

/** What an event recorded, in a line: the assignee, the repair, the payment, the fields an edit changed. */
function Details({ event, money }: { event: WorkOrderEventRow; money?: MoneyFormat }) {
  const { t } = useTranslation('work-orders');
  const label = useCodeLabel();
  const d = event.details as Record<string, unknown>;
  const lines: string[] = [];
  if (event.action === 'assign' && d.assigneeName) lines.push(`${t('fields.assignee')}: ${String(d.assigneeName)}`);
  if (event.action === 'repair') {
    const types = (d.faultTypes as string[] | undefined)?.map((v) => label(FAULT_TYPE, v)).join(', ');
    if (types) lines.push(`${t('fields.faultTypes')}: ${types}`);
    for (const key of ['faultCause', 'partsUsed', 'repairMethod'] as const) {
      if (d[key]) lines.push(`${t(`fields.${key}`)}: ${String(d[key])}`);
    }
  }
  if (event.action === 'pay') {
    // In the order's currency (decision 064), which the label names.
    const amount = money ? formatAmount(Number(d.amountCents), money) : recordAmountText(Number(d.amountCents));
    lines.push(`${t('fields.paymentAmount', currencyVariablesOf(money))}: ${amount}`);
    lines.push(`${t('fields.settled')}: ${d.settled ? t('dialogs.yes') : t('dialogs.no')}`);
  }
  if (event.action === 'edit' && Object.keys(d).length > 0) {
    lines.push(
      t('detail.changed', {
        fields: Object.keys(d)
          .map((k) => t(`fields.${k}` as 'fields.title'))
          .join(', '),
      }),
    );
  }
  if (event.remark) lines.push(`${t('fields.remark')}: ${event.remark}`);
  return lines.map((line) => (
    <Typography.Paragraph key={line} type="secondary" style={{ margin: 0 }}>
      {line}
    </Typography.Paragraph>
  ));
}

/** The order's history, oldest first: who did what, when, and the status it moved between. */
export function OrderTimeline({ events, money }: { events: WorkOrderEventRow[]; money?: MoneyFormat }) {
  const { t } = useTranslation('work-orders');
  const label = useCodeLabel();
  return (
    <Timeline
      items={events.map((event) => ({
        key: event.id,
        color: COLORS[event.action] ?? 'blue',
        children: (
          <div data-testid="timeline-event">
            <Typography.Text strong>{t(`events.${event.action}`)}</Typography.Text>
            {event.from !== null && event.to !== null && event.from !== event.to && (
              <Typography.Text type="secondary">
                {' · '}
                {t('detail.statusChange', {
                  from: label(WORK_ORDER_STATUS, event.from),
                  to: label(WORK_ORDER_STATUS, event.to),
                })}
              </Typography.Text>
            )}
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {event.by} · {event.at}
            </Typography.Paragraph>
            <Details event={event} money={money} />
          </div>
        ),
      }))}
    />
  );
}
