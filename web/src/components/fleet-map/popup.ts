import type { TFunction } from 'i18next';
import { deviceDetailHref, type FleetPositions } from '@console/contract/http/dashboard';
import { statusColor } from './status-colors.ts';

interface PopupContext {
  t: TFunction<['map', 'codes']>;
  statusLabel: (status: number) => string;
  /** The console's navigation, so a plain click on the link stays in the single-page app. */
  navigate: (href: string) => void;
}

/**
 * A machine's popup: serial number, name, status, and a real link to its detail (it opens in a new tab with a
 * modifier key, and can be copied). Built with text nodes, so no name can inject markup.
 */
export function buildPopup(fleet: FleetPositions, i: number, { t, statusLabel, navigate }: PopupContext): HTMLElement {
  const root = document.createElement('div');
  root.className = 'fleet-popup';
  const list = document.createElement('dl');
  const row = (term: string, value: string | Node) => {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.append(value);
    list.append(dt, dd);
  };
  const status = fleet.statuses[i]!;
  const badge = document.createElement('span');
  badge.className = 'fleet-popup__status';
  badge.style.setProperty('--fleet-status', statusColor(status));
  badge.textContent = statusLabel(status);
  row(t('map:popup.serial'), fleet.serials[i]!);
  row(t('map:popup.name'), fleet.names[i]!);
  row(t('map:popup.status'), badge);
  const link = document.createElement('a');
  const href = deviceDetailHref(fleet.ids[i]!);
  link.href = href;
  link.textContent = t('map:popup.open');
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  });
  root.append(list, link);
  return root;
}
