import { openDb } from '@console/db/client';
import { seedDemo } from '@console/db/seed/demo';
import { createApp } from '@console/server/src/app';
import { LiveHub } from '@console/server/src/live/hub';
import { readEnv } from '@console/server/src/lib/env';
import { createSession } from '@console/server/src/lib/session';
import { users } from '@console/db/schema/accounts';
import { demoAccount } from '@console/db/seed/accounts';
import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';

const file = '/tmp/h9/bench-20k.db';
const fresh = !existsSync(file);
const dbh = openDb(file);
if (fresh) { console.time('seed'); await seedDemo(dbh.db, { devices: 20000, historyDevices: 2, historyDays: 1 }); console.timeEnd('seed'); }
const deps = { dbh, env: readEnv({ NODE_ENV: 'test' }), now: () => Date.now(), log: () => {}, live: new LiveHub() };
const app = createApp(deps as never);
const token = (role: number) => createSession(dbh.db, dbh.db.select().from(users).where(eq(users.mobile, demoAccount(role as never))).get()!.id, 'console', '127.0.0.1', Date.now() + 3600e3);
const queries = ['', 'status=1', 'status=4', 'status=6', 'kind=forklift', 'expiry=30', 'serialNumber=AWP0012', 'name=Shanghai', 'sortField=serialNumber&sortOrder=ascend', 'sortField=serviceExpiresAt&sortOrder=descend&page=50', 'leaseStatus=2&status=2&kind=aerialPlatform', 'page=900', 'brand=Dingli&signal=weak'];
for (const role of [2, 5, 8]) {
  const tk = token(role);
  const times: number[] = [];
  for (let round = 0; round < 10; round++) for (const q of queries) {
    const t0 = performance.now();
    const res = await app.request(`/api/device/list.do?${q}`, { headers: { token: tk, lang: 'en_US' } });
    const body = await res.json() as { status: string; data: { total: number } };
    times.push(performance.now() - t0);
    if (body.status !== '200') throw new Error(q + JSON.stringify(body));
  }
  times.sort((a, b) => a - b);
  const p = (x: number) => times[Math.floor(times.length * x)]!.toFixed(1);
  console.log(`role ${role}: n=${times.length} p50=${p(0.5)}ms p95=${p(0.95)}ms max=${times.at(-1)!.toFixed(1)}ms`);
  const per: Record<string, number> = {};
  for (const q of queries) { const t0 = performance.now(); for (let i = 0; i < 5; i++) await app.request(`/api/device/list.do?${q}`, { headers: { token: tk } }); per[q || '(none)'] = +((performance.now() - t0) / 5).toFixed(1); }
  console.log(per);
}
const t0 = performance.now(); for (let i = 0; i < 5; i++) await app.request(`/api/device/options.do`, { headers: { token: token(2) } }); console.log('options op', ((performance.now()-t0)/5).toFixed(1));
dbh.close();
