import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import { monitorEndpoints } from '@console/contract/http/monitor';
import { createTestApp } from '../../fixtures/test-app.ts';
import { cameraOf, monitorFixture, orgOf } from './helpers.ts';

type Fixture = Awaited<ReturnType<typeof monitorFixture>>;

describe('playing a camera through the video platform', () => {
  let f: Fixture;
  let admin: string;
  beforeAll(async () => {
    f = await monitorFixture();
    admin = await f.t.tokenFor(ROLE.lessorAdmin);
  });
  afterAll(() => f.close());
  const play = (token = admin, cameraId = f.camera.id) =>
    f.t.call(monitorEndpoints.play, { token, body: { cameraId } });

  it("answers an address the platform signed, which shows the machine's live picture until it expires", async () => {
    const answer = await play();
    expect(answer.status, answer.message).toBe('200');
    expect(answer.data.url.startsWith(`${f.video.url}/live/${f.serial}/${f.camera.channel}?`)).toBe(true);
    const picture = await fetch(answer.data.url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await picture.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    // Another channel, or a changed expiry, is not what the platform signed.
    const forged = answer.data.url.replace(`/live/${f.serial}/${f.camera.channel}?`, `/live/${f.serial}/9?`);
    expect((await fetch(forged)).status).toBe(403);
    const later = answer.data.url.replace(/exp=(\d+)/, (_, exp: string) => `exp=${Number(exp) + 3_600_000}`);
    expect((await fetch(later)).status).toBe(403);
    // The server asks for VIDEO_PLAY_SECONDS (300 by default): a minute short of it the address plays, after it not.
    f.advancePlatform(240_000);
    expect((await fetch(answer.data.url)).status).toBe(200);
    f.advancePlatform(61_000);
    expect((await fetch(answer.data.url)).status).toBe(403);
    f.advancePlatform(-301_000);
  });

  it('lets a customer watch a machine it rents, and nobody a machine it does not see', async () => {
    const customer = await f.t.tokenFor(ROLE.other);
    const rented = await f.t.call(monitorEndpoints.cameras, { token: customer, query: { pageSize: 1 } });
    const own = rented.data.list[0]!;
    // The scope lets it ask; its machine is not on this platform, which the server answers as the platform's refusal.
    expect((await play(customer, own.id)).message).toBe('The video platform cannot be reached now; try again later');
    expect((await play(customer)).status).toBe('404');
    expect((await play(await f.t.tokenForAccount('400000005'))).status).toBe('404');
    expect((await play(await f.t.tokenFor(ROLE.finance))).status).toBe('403');
  });

  it('says the channel is offline while the machine sleeps or the camera is down', async () => {
    f.sim.fleet.act(f.serial, 'sleep', {});
    f.sim.until(() => f.sim.machine(f.serial).power === 'asleep', 60_000);
    const asleep = await play();
    expect(asleep.status).toBe('409');
    expect(asleep.message).toContain('The channel is offline');
    f.sim.fleet.act(f.serial, 'wake', {});
    f.sim.until(() => f.sim.machine(f.serial).power !== 'asleep', 60_000);
    expect((await play()).status).toBe('200');
    const control = await fetch(`${f.video.url}/control/cameras/${f.serial}/${f.camera.channel}`, {
      method: 'POST',
      body: JSON.stringify({ online: false }),
    });
    expect(control.status).toBe(200);
    const down = await play(admin);
    expect(down.message).toContain('The channel is offline');
    const zh = await f.t.call(monitorEndpoints.play, { token: admin, body: { cameraId: f.camera.id }, lang: 'zh_CN' });
    expect(zh.message).toContain('通道离线');
    f.platform.setCamera(f.serial, f.camera.channel, true);
  });

  it('answers a clear error when the platform refuses or cannot be reached, and keeps nothing', async () => {
    f.platform.steering.down = true;
    const refused = await play();
    expect(refused.status).toBe('409');
    expect(refused.message).toBe('The video platform cannot be reached now; try again later');
    const files = async () =>
      (await f.t.call(deviceRecordEndpoints.files, { token: admin, query: { deviceId: f.camera.deviceId } })).data.list;
    const before = (await files()).length;
    const snap = await f.t.call(monitorEndpoints.snapshot, { token: admin, body: { cameraId: f.camera.id } });
    expect(snap.message).toContain('cannot be reached');
    expect(await files()).toHaveLength(before);
    f.platform.steering.down = false;

    const unreachable = await createTestApp({ VIDEO_URL: 'http://127.0.0.1:9/video' });
    try {
      const lessor = await orgOf(unreachable, ROLE.lessorAdmin);
      const res = await unreachable.call(monitorEndpoints.play, {
        token: await unreachable.tokenFor(ROLE.lessorAdmin),
        body: { cameraId: (await cameraOf(unreachable, lessor)).camera.id },
        lang: 'zh_CN',
      });
      expect(res.status).toBe('409');
      expect(res.message).toBe('视频平台暂时无法访问，请稍后重试');
    } finally {
      unreachable.dbh.close();
    }
  });

  it("keeps a snapshot among the machine's photos, for the owner's editors only", async () => {
    const taken = await f.t.call(monitorEndpoints.snapshot, { token: admin, body: { cameraId: f.camera.id } });
    expect(taken.status, taken.message).toBe('200');
    expect(taken.message).toBe('The snapshot was saved to the machine’s files');
    expect(taken.data.type).toBe('jpg');
    expect(taken.data.name).toMatch(new RegExp(`^${f.serial}-CH${f.camera.channel}-\\d{14}\\.jpg$`));
    const listed = (
      await f.t.call(deviceRecordEndpoints.files, { token: admin, query: { deviceId: f.camera.deviceId } })
    ).data.list;
    expect(listed[0]).toMatchObject({ id: taken.data.id, category: 'photo', type: 'jpg' });
    const picture = await f.t.app.request(taken.data.url, { headers: { token: admin } });
    expect(picture.status).toBe(200);
    for (const role of [ROLE.lessorSales, ROLE.technician, ROLE.other]) {
      const res = await f.t.call(monitorEndpoints.snapshot, {
        token: await f.t.tokenFor(role),
        body: { cameraId: f.camera.id },
      });
      expect(res.status).toBe('403');
    }
  });
});
