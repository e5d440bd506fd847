import { html, raw } from 'hono/html';
import QRCode from 'qrcode';
import { PAY_PAGE_TEXT } from '@console/contract/shop/paygate-protocol';
import type { Payment } from './provider.ts';

type Lang = 'zh' | 'en';

const STYLE = `body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;max-width:480px;margin:40px auto;padding:0 16px;color:#222;text-align:center}
h1{font-size:20px}.amount{font-size:32px;font-weight:600;margin:8px 0}.state{padding:8px 12px;background:#f5f5f5;border-radius:4px}
.qr svg{width:220px;height:220px}.error{color:#c00}button{margin:12px 8px 0;padding:10px 24px;font-size:16px}`;

/** The amount in the payment's currency, written the page's way ("¥128.50", "A$128.50", "CN¥128.50"), as providers show it. */
const money = (cents: number, currency: string, lang: Lang) =>
  new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en', { style: 'currency', currency }).format(cents / 100);

/**
 * The pay page: the QR code a payer scans with the phone (it encodes this page's address), the amount and what it
 * pays for, and, standing in for the phone, buttons to pay or cancel while the payment waits.
 */
export async function payPage(lang: Lang, payment: Payment | null, address: string, message: string | null) {
  const t = PAY_PAGE_TEXT[lang];
  const head = raw(
    `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8" />` +
      `<meta name="viewport" content="width=device-width,initial-scale=1" /><title>${t.title}</title>` +
      `<style>${STYLE}</style></head><body>`,
  );
  if (!payment) return html`${head}<h1>${t.title}</h1><p class="error" role="alert">${t.notFound}</p></body></html>`;
  // The library's SVG (its own markup only: the address is encoded into modules, never copied as text).
  const qr = raw(await QRCode.toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }));
  const waiting = payment.state === 'waiting';
  const messageText = message ? ((t.state as Record<string, string>)[message] ?? message) : null;
  return html`${head}<h1>${t.title}</h1>
<p>${t.subject}: <strong>${payment.subject}</strong></p>
<p>${t.amount}</p><p class="amount" aria-label="${t.amount}">${money(payment.amountCents, payment.currency, lang)}</p>
${
  waiting
    ? html`<div class="qr" role="img" aria-label="QR">${qr}</div>
        <p>${t.scan}</p>`
    : ''
}
<p class="state" role="status">${t.state[payment.state]}</p>
${messageText ? html`<p class="error" role="alert">${messageText}</p>` : ''}
${
  waiting
    ? html`<form method="post">
        <button type="submit" name="action" value="pay">${t.pay}</button>
        <button type="submit" name="action" value="cancel">${t.cancel}</button>
      </form>`
    : html`<p><a href="${payment.returnUrl}">${t.back}</a></p>`
}
</body></html>`;
}
