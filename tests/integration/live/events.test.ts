import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { liveEndpoints, type LiveEvent } from '@console/contract/http/live';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { organisations } from '@console/db/schema/accounts';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { create, machinesOf, orderFor } from '../work-orders/helpers.ts';

/** Open the stream as a user and collect the named events it receives. */
async function openStream(t: TestApp, token: string) {
  const controller = new AbortController();
  const response = await t.app.request(`/api${liveEndpoints.events.path}?token=${token}`, {
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { event: string; data: unknown }[] = [];
  let buffer = '';
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
        events.push({ event, data: JSON.parse(data) });
      }
    }
  })();
  const until = async (predicate: () => boolean) => {
    for (let i = 0; i < 100 && !predicate(); i++) await new Promise((r) => setTimeout(r, 10));
  };
  await until(() => events.some((e) => e.event === 'ready'));
  return {
    response,
    events,
    until,
    close: async () => {
      controller.abort();
      await reader.cancel().catch(() => {});
      await pump;
    },
  };
}

const deviceEvent = (deviceId: number): LiveEvent => ({
  type: 'device',
  deviceId,
  status: 6,
  online: true,
  lat: 31.2,
  lng: 121.5,
  speed: 4,
  lockLevel: 'unlocked',
  at: Date.now(),
});

describe('live events', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it('refuses a stream without a live session', async () => {
    const response = await t.app.request(`/api${liveEndpoints.events.path}?token=nope`);
    expect(await response.json()).toMatchObject({ status: '401', message: 'system logout' });
  });

  it("sends a user the events of their organisations' machines and nobody else's", async () => {
    const lessors = await t.dbh.db.select().from(organisations).where(eq(organisations.kind, 'lessor')).all();
    const lessorAdmin = await openStream(t, await t.tokenFor(ROLE.lessorAdmin));
    const distributor = await openStream(t, await t.tokenFor(ROLE.distributor));
    const operator = await openStream(t, await t.tokenFor(ROLE.companyAdmin));
    expect(lessorAdmin.response.headers.get('content-type')).toContain('text/event-stream');

    t.deps.live.publish(deviceEvent(1), { orgIds: [lessors[0]!.id, null, null] });
    t.deps.live.publish(deviceEvent(2), { orgIds: [lessors[1]!.id, null, null] });
    await operator.until(() => operator.events.filter((e) => e.event === 'device').length === 2);
    await lessorAdmin.until(() => lessorAdmin.events.some((e) => e.event === 'device'));

    const devicesSeen = (s: typeof operator) =>
      s.events.filter((e) => e.event === 'device').map((e) => (e.data as { deviceId: number }).deviceId);
    expect(devicesSeen(operator)).toEqual([1, 2]);
    expect(devicesSeen(lessorAdmin)).toEqual([1]);
    expect(devicesSeen(distributor)).toEqual([]);
    await Promise.all([lessorAdmin.close(), distributor.close(), operator.close()]);
    expect(t.deps.live.size).toBe(0);
  });

  it('tells a technician of a work order assigned to them, and nobody else', async () => {
    const m = await machinesOf(t.dbh);
    const order = (await create(t, orderFor(m.own, { title: 'Boom drifts down' }))).data;
    const technician = await openStream(t, await t.tokenFor(ROLE.technician));
    const admin = await openStream(t, await t.tokenFor(ROLE.lessorAdmin));
    const assigned = await t.call(workOrderEndpoints.assign, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: { ids: [order.id], assigneeId: await t.userId(ROLE.technician) },
    });
    expect(assigned.status, assigned.message).toBe('200');
    await technician.until(() => technician.events.some((e) => e.event === 'workOrder'));
    expect(technician.events.filter((e) => e.event === 'workOrder').map((e) => e.data)).toEqual([
      {
        type: 'workOrder',
        id: order.id,
        number: order.number,
        title: 'Boom drifts down',
        state: 'assigned',
        at: expect.any(Number),
      },
    ]);
    // A later event the admin sees proves the assignment's event would have come before it.
    t.deps.live.publish(deviceEvent(m.own.id), { orgIds: [m.lessor] });
    await admin.until(() => admin.events.some((e) => e.event === 'device'));
    expect(admin.events.some((e) => e.event === 'device')).toBe(true);
    expect(admin.events.filter((e) => e.event === 'workOrder')).toEqual([]);
    await Promise.all([technician.close(), admin.close()]);
  });
});
