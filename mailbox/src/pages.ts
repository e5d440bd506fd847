import { html, raw } from 'hono/html';
import type { MailboxMessage } from '@console/contract/notify/mailbox-protocol';

type Lang = 'zh' | 'en';

const TEXT = {
  zh: { title: '模拟邮箱：已收邮件', empty: '还没有邮件。', to: '收件人', from: '发件人', at: '时间', all: '全部' },
  en: {
    title: 'Simulated mailbox: mail received',
    empty: 'No mail yet.',
    to: 'To',
    from: 'From',
    at: 'At',
    all: 'All',
  },
} as const;

const STYLE = `body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;max-width:860px;margin:32px auto;padding:0 16px;color:#222}
h1{font-size:20px}article{border:1px solid #ddd;border-radius:4px;padding:8px 12px;margin:12px 0}
h2{font-size:16px;margin:4px 0}pre{white-space:pre-wrap;font-family:inherit;margin:8px 0 0}.meta{color:#666;font-size:13px}`;

/** The outbox page: every message the mailbox took, newest first, like the development SMS outbox. */
export function outboxPage(lang: Lang, messages: readonly MailboxMessage[], to: string | undefined) {
  const t = TEXT[lang];
  const shown = [...messages].reverse().filter((m) => !to || m.to.includes(to));
  const head = raw(
    `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8" />` +
      `<meta name="viewport" content="width=device-width,initial-scale=1" /><title>${t.title}</title>` +
      `<style>${STYLE}</style></head><body>`,
  );
  return html`${head}<h1>${t.title}</h1>
${to ? html`<p>${t.to}: ${to} · <a href="/">${t.all}</a></p>` : ''}
${shown.length === 0 ? html`<p>${t.empty}</p>` : ''}
${shown.map(
  (m) =>
    html`<article>
      <h2>${m.subject}</h2>
      <div class="meta">
        ${t.from}: ${m.from} · ${t.to}: ${m.to.map((a) => html`<a href="/?to=${encodeURIComponent(a)}">${a}</a> `)} ·
        ${t.at}: ${new Date(m.at).toISOString()}
      </div>
      <pre>${m.text}</pre>
    </article>`,
)}
</body></html>`;
}
