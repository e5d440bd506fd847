import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints, type DeviceRow } from '@console/contract/http/devices';
import { ARREARS_DEFAULTS, riskEndpoints } from '@console/contract/http/risk';
import { simCardEndpoints, type SimCard } from '@console/contract/http/sim-cards';
import { commands, deviceModels, devices } from '@console/db/schema/devices';
import { simCards } from '@console/db/schema/sim-cards';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { fleetOf, withoutLockTasks } from '../risk/helpers.ts';
import { LESSOR_A, orgIdOf } from './helpers.ts';

/** The console as a user in Shanghai and one in London see it: the language and the zone of the browser. */
const SHANGHAI = { lang: 'zh_CN', headers: { timeZone: 'Asia/Shanghai' } } as const;
const LONDON = { lang: 'en_US', headers: { timeZone: 'Europe/London' } } as const;

/** 23:59:59 on 25 November in Shanghai (UTC+8), 15:59:59 the same day in London (UTC+0). */
const SHANGHAI_LAST_SECOND = Date.parse('2026-11-25T15:59:59Z');

/** The machines' and SIM cards' days are calendar days (decision 026): the same day whoever saves or reads them. */
describe('machine and SIM card days do not move with the viewer’s time zone', () => {
  let t: TestApp;
  let clock: number;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    clock = SHANGHAI_LAST_SECOND;
    t.deps.now = () => clock;
    token = await t.tokenFor(ROLE.lessorAdmin);
  });
  afterEach(() => t.dbh.close());

  const model = async () =>
    (await t.dbh.db.select().from(deviceModels).where(eq(deviceModels.category, 'forklift')).get())!;
  const machine = async (id: number, viewer: typeof SHANGHAI | typeof LONDON) => {
    const res = await t.call(deviceEndpoints.get, { token, query: { id }, ...viewer });
    expect(res.status, res.message).toBe('200');
    return res.data as DeviceRow;
  };
  const cards = async (viewer: typeof SHANGHAI | typeof LONDON, query: Record<string, unknown> = {}) => {
    const res = await t.call(simCardEndpoints.list, { token, query: { pageSize: 200, ...query }, ...viewer });
    expect(res.status, res.message).toBe('200');
    return res.data as { list: SimCard[]; total: number };
  };

  it.each([
    ['Shanghai', 'London', SHANGHAI, LONDON, 'DAYS-SH-0001'],
    ['London', 'Shanghai', LONDON, SHANGHAI, 'DAYS-LON-0001'],
  ] as const)('shows a machine’s installation and expiry days saved in %s as the same days in %s', async (...c) => {
    const [, , saver, reader, serialNumber] = c;
    const created = await t.call(deviceEndpoints.create, {
      token,
      ...saver,
      body: { serialNumber, modelId: (await model()).id, installedAt: '2026-03-01', serviceExpiresAt: '2027-02-28' },
    });
    expect(created.status, created.message).toBe('200');
    const stored = (await t.dbh.db.select().from(devices).where(eq(devices.id, created.data.id)).get())!;
    expect(stored).toMatchObject({ installedAt: '2026-03-01', serviceExpiresAt: '2027-02-28' });
    for (const viewer of [saver, reader]) {
      expect(await machine(created.data.id, viewer)).toMatchObject({
        installedAt: '2026-03-01',
        serviceExpiresAt: '2027-02-28',
      });
      const listed = await t.call(deviceEndpoints.list, { token, query: { serialNumber }, ...viewer });
      expect(listed.data.list).toEqual([
        expect.objectContaining({ installedAt: '2026-03-01', serviceExpiresAt: '2027-02-28' }),
      ]);
    }
  });

  it.each([
    ['Shanghai', 'London', SHANGHAI, LONDON],
    ['London', 'Shanghai', LONDON, SHANGHAI],
  ] as const)('shows a SIM card’s expiry saved in %s as the same day in %s, also after an edit', async (...c) => {
    const [, , saver, reader] = c;
    const body = { iccid: '89860112345678901234', imei: '490154203237518', carrier: 'chinaMobile' as const };
    const created = await t.call(simCardEndpoints.create, {
      token,
      ...saver,
      body: { ...body, serviceExpiresAt: '2027-06-30' },
    });
    expect(created.status, created.message).toBe('200');
    expect((await cards(reader, { iccid: body.iccid })).list[0]).toMatchObject({ serviceExpiresAt: '2027-06-30' });
    const edited = await t.call(simCardEndpoints.update, {
      token,
      ...reader,
      body: { ...body, id: created.data.id, serviceExpiresAt: '2027-12-31' },
    });
    expect(edited.status, edited.message).toBe('200');
    for (const viewer of [saver, reader]) {
      expect((await cards(viewer, { iccid: body.iccid })).list[0]).toMatchObject({ serviceExpiresAt: '2027-12-31' });
    }
    const stored = (await t.dbh.db.select().from(simCards).where(eq(simCards.id, created.data.id)).get())!;
    expect(stored.serviceExpiresAt).toBe('2027-12-31');
  });

  it('counts the expiry windows in days of the company’s calendar: a service ending today is within a day until the company’s day ends, wherever the viewer is', async () => {
    const orgId = await orgIdOf(t, LESSOR_A);
    const [today, inSix, inSeven] = await t.dbh.db
      .select({ id: devices.id, serialNumber: devices.serialNumber })
      .from(devices)
      .where(eq(devices.orgId, orgId))
      .limit(3)
      .all();
    const expire = (id: number, day: string) =>
      t.dbh.db.update(devices).set({ serviceExpiresAt: day }).where(eq(devices.id, id)).run();
    await expire(today!.id, '2026-11-25');
    await expire(inSix!.id, '2026-12-01');
    await expire(inSeven!.id, '2026-12-02');
    await t.dbh.db
      .update(simCards)
      .set({ serviceExpiresAt: '2026-11-25' })
      .where(eq(simCards.deviceId, today!.id))
      .run();
    const iccid = (await t.dbh.db.select().from(simCards).where(eq(simCards.deviceId, today!.id)).get())!.iccid;

    const windowsOf = async (viewer: typeof SHANGHAI | typeof LONDON) => {
      // Whether the device list's expiry filter finds the machine, and the window its row is marked with.
      const seen = async (m: { id: number; serialNumber: string }, expiry: number) =>
        (await t.call(deviceEndpoints.list, { token, query: { expiry, serialNumber: m.serialNumber }, ...viewer })).data
          .total === 1;
      const renewal = async (id: number) => (await machine(id, viewer)).renewal;
      const card = (await cards(viewer, { iccid })).list[0]!;
      const cardIn = async (expiry: number) => (await cards(viewer, { iccid, expiry })).total === 1;
      return {
        today: { renewal: await renewal(today!.id), in1: await seen(today!, 1), stopped: await seen(today!, 0) },
        inSix: { renewal: await renewal(inSix!.id), in7: await seen(inSix!, 7) },
        inSeven: { renewal: await renewal(inSeven!.id), in7: await seen(inSeven!, 7) },
        card: { renewal: card.renewal, in1: await cardIn(1), stopped: await cardIn(0) },
      };
    };

    // The last second of 25 November in Shanghai: the service still runs today everywhere.
    const running = {
      today: { renewal: 1, in1: true, stopped: false },
      inSix: { renewal: 7, in7: true },
      inSeven: { renewal: 15, in7: false },
      card: { renewal: 1, in1: true, stopped: false },
    };
    expect(await windowsOf(SHANGHAI)).toEqual(running);
    expect(await windowsOf(LONDON)).toEqual(running);

    // A second later it is 26 November on the company's calendar (Beijing time): stopped, every window one day
    // closer, for the viewer in London too, whose browser still shows the 25th.
    clock += 1000;
    const nextDay = {
      today: { renewal: 0, in1: false, stopped: true },
      inSix: { renewal: 7, in7: true },
      inSeven: { renewal: 7, in7: true },
      card: { renewal: 0, in1: false, stopped: true },
    };
    expect(await windowsOf(SHANGHAI)).toEqual(nextDay);
    expect(await windowsOf(LONDON)).toEqual(nextDay);
  });

  it.each([
    ['Shanghai', SHANGHAI, Date.parse('2026-11-25T16:00:00Z')],
    ['London', LONDON, Date.parse('2026-11-26T00:00:00Z')],
  ] as const)(
    'pre-locks a machine once its last service day has ended in the zone the setting was saved in (%s)',
    async (...c) => {
      const [, saver, dayEnds] = c;
      await withoutLockTasks(t.dbh);
      const fleet = await fleetOf(t.dbh);
      // Only this machine's service has run out.
      await t.dbh.db.update(devices).set({ serviceExpiresAt: '2027-11-25' }).where(eq(devices.orgId, fleet.own)).run();
      const target = await fleet.machine(fleet.own, false);
      await t.dbh.db
        .update(devices)
        .set({ serviceExpiresAt: '2026-11-25', status: 2, lockLevel: 'unlocked' })
        .where(eq(devices.id, target.id))
        .run();
      const body = {
        orgId: fleet.own,
        enabled: true,
        preLockDays: 0,
        intervalDays: 3,
        mode: 2 as const,
        ...ARREARS_DEFAULTS,
      };
      const preview = await t.call(riskEndpoints.previewLockDays, { token, body, ...saver });
      expect(preview.data.list).toEqual([
        expect.objectContaining({ deviceId: target.id, serviceExpiresAt: '2026-11-25', dueLevel: 0 }),
      ]);
      const saved = await t.call(riskEndpoints.saveLockDays, { token, body, ...saver });
      expect(saved.status, saved.message).toBe('200');
      const locks = () => t.dbh.db.select().from(commands).where(eq(commands.deviceId, target.id)).all();

      clock = dayEnds - 1000;
      await t.call(riskEndpoints.listTasks, { token: await t.tokenFor(ROLE.lessorAdmin) });
      expect(await locks()).toHaveLength(0);
      clock = dayEnds;
      await t.call(riskEndpoints.listTasks, { token: await t.tokenFor(ROLE.lessorAdmin) });
      expect((await locks()).map((l) => l.lockLevel)).toEqual(['preLock1']);
    },
  );
});
