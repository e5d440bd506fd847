import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { DEV_VIDEO_APP_KEY, DEV_VIDEO_SECRET } from '@console/contract/video/video-protocol';
import { users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { deviceCameras } from '@console/db/schema/monitor';
import { connectionOf } from '@console/simulator/src/fleet/view';
import { harness, spec } from '@console/simulator/src/test-harness';
import { fleetCameras } from '@console/simulator/src/video/fleet-cameras';
import { createVideoApp, VideoPlatform, type CameraSource } from '@console/simulator/src/video/platform';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const listen = (fetch: (request: Request) => Response | Promise<Response>) =>
  new Promise<{ server: ServerType; url: string }>((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server, url: `http://127.0.0.1:${info.port}` }),
    );
  });

export const orgOf = async (t: TestApp, role: RoleId) =>
  (await t.dbh.db
    .select({ orgId: users.orgId })
    .from(users)
    .where(eq(users.id, await t.userId(role)))
    .get())!.orgId;

/** The first seeded camera of an organisation's machines (of a kind), with its machine's serial. */
export async function cameraOf(t: TestApp, orgId: number, kind?: MachineKind) {
  const row = await t.dbh.db
    .select({ camera: deviceCameras, serial: devices.serialNumber })
    .from(deviceCameras)
    .innerJoin(devices, eq(devices.id, deviceCameras.deviceId))
    .where(and(eq(deviceCameras.orgId, orgId), kind ? eq(devices.kind, kind) : undefined))
    .orderBy(asc(deviceCameras.id))
    .get();
  if (!row) throw new Error(`no seeded camera of organisation ${orgId}`);
  return row;
}

/** A machine of the organisation that carries no camera. */
export async function bareMachine(t: TestApp, orgId: number) {
  const withCameras = t.dbh.db.selectDistinct({ id: deviceCameras.deviceId }).from(deviceCameras);
  return (await t.dbh.db
    .select()
    .from(devices)
    .where(and(eq(devices.orgId, orgId), notInArray(devices.id, withCameras)))
    .orderBy(asc(devices.id))
    .get())!;
}

/**
 * The server on the demo business and the simulated video platform over real HTTP. The platform's cameras ride on
 * a simulated machine (the harness's clock, moved by hand) that is the seeded aerial platform of the rental
 * company's administrator that carries cameras.
 */
export async function monitorFixture(envOverrides: Record<string, string> = {}) {
  let cameras: CameraSource | null = null;
  let publicUrl = '';
  let skew = 0;
  const platform = new VideoPlatform({
    now: () => Date.now() + skew,
    appKey: DEV_VIDEO_APP_KEY,
    secret: DEV_VIDEO_SECRET,
    publicUrl: () => publicUrl,
    source: { scene: (serial, channel) => cameras?.scene(serial, channel) },
  });
  const video = await listen(createVideoApp(platform).fetch);
  publicUrl = video.url;
  const t = await createTestApp({ VIDEO_URL: video.url, ...envOverrides });
  const lessor = await orgOf(t, ROLE.lessorAdmin);
  const { camera, serial } = await cameraOf(t, lessor, 'aerialPlatform');
  const sim = harness([spec(serial, 'aerialPlatform', { reportIntervalS: 1 })]);
  sim.until(() => connectionOf(sim.machine(serial)) === 'online', 120_000);
  cameras = fleetCameras(sim.fleet, sim.clock);
  return {
    t,
    sim,
    platform,
    video,
    lessor,
    camera,
    serial,
    /** Move the platform's clock on (play addresses expire by it). */
    advancePlatform: (ms: number) => {
      skew += ms;
    },
    close: async () => {
      await new Promise((r) => video.server.close(r));
      await sim.fleet.stop();
      t.dbh.close();
    },
  };
}
