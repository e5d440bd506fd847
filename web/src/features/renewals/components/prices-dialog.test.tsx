// First: the globals the console's modules read as they load.
import '../../../test/node-globals.ts';
import type { ComponentProps } from 'react';
import type * as Antd from 'antd';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renewalEndpoints } from '@console/contract/http/renewals';
import { changeLang, initI18n } from '../../../lib/i18n.ts';
import { PricesDialog } from './prices-dialog.tsx';

// A dialog opens in a portal, which a server render leaves out: the dialog is drawn in place, open, with antd's
// own header, body and footer (its buttons as antd renders them).
vi.mock('antd', async (original) => {
  const antd = await original<typeof Antd>();
  const Panel = antd.Modal._InternalPanelDoNotUseOrYouWillBeFired;
  const Modal = Object.assign(
    (props: ComponentProps<typeof antd.Modal>) => <Panel {...(props as ComponentProps<typeof Panel>)} />,
    antd.Modal,
  );
  return { ...antd, Modal };
});

const AUD = { currency: { code: 'AUD', symbol: 'A$', minorUnits: 2 as const }, locale: 'en-AU' };

/** The open price list dialog as a reader sees it: its text and the names of its buttons. */
function dialogOf(editable: boolean) {
  const client = new QueryClient();
  client.setQueryData([renewalEndpoints.prices.path, {}], {
    currencies: [AUD],
    list: [{ currency: 'AUD', kind: 'device', months: 1, priceCents: 900 }],
    editable,
  });
  const html = renderToString(
    <QueryClientProvider client={client}>
      <PricesDialog />
    </QueryClientProvider>,
  );
  const dialog = html.slice(html.indexOf('ant-modal'));
  const buttons = [...dialog.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map(([, inner]) =>
    inner!.replace(/<[^>]+>/g, '').trim(),
  );
  return { text: dialog.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '), buttons };
}

describe('the renewal price list dialog', () => {
  beforeAll(async () => {
    await initI18n();
    await changeLang('en');
  });

  it('offers a reader who may not edit only Close, no Save', () => {
    const { text, buttons } = dialogOf(false);
    expect(text).toContain('A$9.00');
    expect(buttons.filter((b) => b !== '')).toEqual(['Close']);
  });

  it('offers an editor Cancel and Save', () => {
    const { buttons } = dialogOf(true);
    expect(buttons).toContain('Save');
    expect(buttons).toContain('Cancel');
  });

  it('names one month in the singular and the others in the plural', () => {
    const { text } = dialogOf(false);
    expect(text).toContain(' 1 month ');
    expect(text).not.toContain('1 months');
    expect(text).toContain(' 3 months ');
  });
});
