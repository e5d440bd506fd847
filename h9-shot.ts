import { chromium } from '@playwright/test';
const BASE = 'http://localhost:18901';
const [role, path, out, lang = 'en', w = '1500', h = '900'] = process.argv.slice(2);
const login = await (await fetch(`${BASE}/api/login.do?account=138000000${role!.padStart(2, '0')}&password=Demo@2026`, { method: 'POST', headers: { lang: 'en_US' } })).json() as any;
const d = login.data;
const state = { token: d.token, uid: d.uid, username: d.username, nickname: d.name || d.username, roleId: d.roleId, menus: d.menus, isLogin: true, screenFlag: '', leaseType: d.leaseType, lessorAuth: d.map.lessor_auth };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: +w!, height: +h! }, timezoneId: lang === 'en' ? 'Europe/Berlin' : 'Asia/Shanghai', locale: lang === 'en' ? 'en-GB' : 'zh-CN' });
const page = await ctx.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.log('console error:', m.text()); });
await page.addInitScript((s) => { if (!sessionStorage.getItem('x')) { sessionStorage.setItem('x', '1'); sessionStorage.setItem('console-state', s); localStorage.setItem('sidebarStatus', '1'); } }, JSON.stringify(state));
await page.goto(BASE + path!);
await page.waitForTimeout(3500);
const steps = process.env.STEPS ? JSON.parse(process.env.STEPS) as [string, string, string?][] : [];
for (const [kind, sel, val] of steps) {
  if (kind === 'click') await page.locator(sel).first().click();
  if (kind === 'fill') await page.locator(sel).first().fill(val!);
  if (kind === 'wait') await page.waitForTimeout(+sel);
  if (kind === 'text') await page.getByText(sel, { exact: true }).first().click();
  if (kind === 'move') await page.mouse.move(+sel, +val!);
  if (kind === 'role') await page.getByRole(sel as any, { name: val! }).first().click();
}
await page.screenshot({ path: out!, fullPage: process.env.FULL === '1' });
console.log(await page.title());
await browser.close();
