import type { TFunction } from 'i18next';
import type { FleetPositions } from '@console/contract/http/dashboard';
import { statusColor } from './status-colors.ts';
import { href } from '@console/contract/screens/screen';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';

/** What the popup adds to the positions once it opens: the machine's present, fetched for it alone. */
export interface PopupDetails {
  /** The primary status now (it may have changed since the positions were loaded). */
  status: number;
  /** The most recent open alarm as one line (level, type, value), and how many more are open; null: none. */
  alarm: { text: string; more: number } | null;
  /** The last report, as the server formats a moment in the user's zone; '' before the first. */
  lastReportAt: string;
  /** km/h at the last report. */
  speed: number;
}

interface PopupContext {
  t: TFunction<['map', 'codes']>;
  statusLabel: (status: number) => string;
  /** The console's navigation, so a plain click on the link stays in the single-page app. */
  navigate: (href: string) => void;
  details: (deviceId: number) => Promise<PopupDetails>;
  /** The popup grew (details arrived): let the map lay it out again. */
  relayout: () => void;
}

/**
 * A machine's popup: serial number, name, status, its open alarm, last report and speed (fetched when it opens),
 * and a real link to its detail (it opens in a new tab with a modifier key, and can be copied). Built with text
 * nodes, so no name can inject markup.
 */
export function buildPopup(fleet: FleetPositions, i: number, context: PopupContext): HTMLElement {
  const { t, statusLabel, navigate } = context;
  const root = document.createElement('div');
  root.className = 'fleet-popup';
  const list = document.createElement('dl');
  const row = (term: string, value: string | Node) => {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.append(value);
    list.append(dt, dd);
    return dd;
  };
  const badge = document.createElement('span');
  badge.className = 'fleet-popup__status';
  const paintStatus = (status: number) => {
    badge.style.setProperty('--fleet-status', statusColor(status));
    badge.textContent = statusLabel(status);
  };
  paintStatus(fleet.statuses[i]!);
  const pending = () => {
    const span = document.createElement('span');
    span.className = 'fleet-popup__pending';
    span.textContent = t('map:popup.loading');
    return span;
  };
  row(t('map:popup.serial'), fleet.serials[i]!);
  row(t('map:popup.name'), fleet.names[i]!);
  row(t('map:popup.status'), badge);
  const alarm = row(t('map:popup.alarm'), pending());
  const lastReport = row(t('map:popup.lastReport'), pending());
  const speed = row(t('map:popup.speed'), pending());
  const id = fleet.ids[i]!;
  context.details(id).then(
    (details) => {
      paintStatus(details.status);
      if (details.alarm) {
        const text = document.createElement('span');
        text.className = 'fleet-popup__alarm';
        text.textContent = details.alarm.more
          ? t('map:popup.alarmMore', { alarm: details.alarm.text, count: details.alarm.more })
          : details.alarm.text;
        alarm.replaceChildren(text);
      } else {
        alarm.replaceChildren(t('map:popup.noAlarm'));
      }
      lastReport.replaceChildren(details.lastReportAt || t('map:popup.unknown'));
      speed.replaceChildren(t('map:popup.kmh', { speed: Math.round(details.speed * 10) / 10 }));
      context.relayout();
    },
    () => {
      for (const cell of [alarm, lastReport, speed]) cell.replaceChildren(t('map:popup.unknown'));
      context.relayout();
    },
  );
  const link = document.createElement('a');
  const target = href(deviceDetailScreens.detail, { id });
  link.href = target;
  link.textContent = t('map:popup.open');
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(target);
  });
  root.append(list, link);
  return root;
}
