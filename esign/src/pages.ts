import { html, raw } from 'hono/html';
import type { SignerRole } from '@console/contract/lease/esign-protocol';
import { SIGNING_PAGE_TEXT } from '@console/contract/lease/esign-pages';
import type { Flow, Provider } from './provider.ts';

type Lang = 'zh' | 'en';

const TEXT = SIGNING_PAGE_TEXT;

export interface PageState {
  flow: Flow;
  role: SignerRole;
  provider: Provider;
  /** A refusal to show (a key of TEXT). */
  message: string | null;
}

const STYLE = `body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;max-width:640px;margin:40px auto;padding:0 16px;color:#222}
h1{font-size:20px}.state{padding:8px 12px;background:#f5f5f5;border-radius:4px}.error{color:#c00}
label{display:block;margin:12px 0 4px}input{padding:6px;width:100%;box-sizing:border-box}
button{margin:12px 8px 0 0;padding:8px 20px}`;

/** A party's signing page: the document, the flow's state, and the form while it is this party's turn. */
export function signingPage(lang: Lang, state: PageState | null) {
  const t = TEXT[lang];
  // The document's opening, up to <body>: a plain string (our own words only), so that no formatter closes the body
  // before the content each page adds after it.
  const head = raw(
    `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8" />` +
      `<meta name="viewport" content="width=device-width,initial-scale=1" /><title>${t.title}</title>` +
      `<style>${STYLE}</style></head><body>`,
  );
  if (!state) return html`${head}<h1>${t.title}</h1><p class="error" role="alert">${t.notFound}</p></body></html>`;
  const { flow, role, provider, message } = state;
  const signer = flow.signers.find((s) => s.role === role)!;
  const turn = provider.turn(flow);
  const signed = flow.signed[role];
  const doc = `/sign/${flow.id}/${role}/document.pdf?t=${flow.tokens[role]}`;
  const messageText = message ? (t as Record<string, unknown>)[message] : null;
  return html`${head}<h1>${t.title}</h1>
<h2>${flow.title}</h2>
<p>${t[role]}: <strong>${signer.name}</strong></p>
<p><a href="${doc}" target="_blank">${t.document}</a></p>
<p class="state" role="status">${t.state[flow.state]}</p>
${messageText ? html`<p class="error" role="alert">${String(messageText)}</p>` : ''}
${signed ? html`<p>${t.signedBy.replace('{name}', signed.name)}</p>` : ''}
${
  turn === role
    ? html`<form method="post">
        <label for="name">${t.name}</label><input id="name" name="name" autocomplete="name" />
        <label for="reason">${t.reason}</label><input id="reason" name="reason" />
        <button type="submit" name="action" value="sign">${t.sign}</button>
        <button type="submit" name="action" value="refuse">${t.refuse}</button>
      </form>`
    : turn === 'lessee' && role === 'lessor'
      ? html`<p>${t.waiting}</p>`
      : flow.state === 'completed'
        ? html`<p>${t.done}</p>`
        : ''
}
</body></html>`;
}
