import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { nameInSql } from '../../lib/org-brand.ts';
import { API_STATUS } from '@console/contract/http/envelope';
import { monitorEndpoints, type CameraForm, type CameraRow, type MachineLink } from '@console/contract/http/monitor';
import { organisations } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { deviceCameras } from '@console/db/schema/monitor';
import { uniqueViolation } from '@console/db/unique-violation';
import type { ScopedData } from '../../lib/data.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { ApiError, invalidField, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { ChannelOffline, createVideoClient, videoSettings, VideoUnavailable } from '../../video/video-client.ts';
import { addDeviceFile } from '../device-records/index.ts';
import { deviceKeyword, ownedDevice, ownerOrgIds } from '../../lib/device-access.ts';

/** The machine's connection as the server last heard it. */
const linkOf = (d: { online: boolean; sleeping: boolean }): MachineLink =>
  d.sleeping ? 'asleep' : d.online ? 'online' : 'offline';

function linkIs(link: MachineLink | undefined): SQL | undefined {
  if (link === 'asleep') return eq(devices.sleeping, true);
  if (link === 'online') return and(eq(devices.online, true), eq(devices.sleeping, false));
  if (link === 'offline') return and(eq(devices.online, false), eq(devices.sleeping, false));
  return undefined;
}

const cameraFields = {
  camera: deviceCameras,
  serialNumber: devices.serialNumber,
  hostName: devices.hostName,
  machineKind: devices.kind,
  online: devices.online,
  sleeping: devices.sleeping,
};

/** Cameras of the machines in scope, with their machine and owner. */
function cameraSelect(data: ScopedData) {
  return data
    .select({ ...cameraFields, ownerName: nameInSql(organisations, data.lang) })
    .from(deviceCameras, data.viaDevice(deviceCameras.deviceId))
    .innerJoin(devices, eq(devices.id, deviceCameras.deviceId))
    .leftJoin(organisations, eq(organisations.id, deviceCameras.orgId));
}

type CameraSelection = {
  camera: typeof deviceCameras.$inferSelect;
  serialNumber: string;
  hostName: string | null;
  machineKind: CameraRow['machineKind'];
  online: boolean;
  sleeping: boolean;
  ownerName: string | null;
};

function present(row: CameraSelection, owned: number[], timeZone: string): CameraRow {
  const { camera } = row;
  return {
    id: camera.id,
    deviceId: camera.deviceId,
    serialNumber: row.serialNumber,
    hostName: row.hostName ?? '',
    machineKind: row.machineKind,
    ownerName: row.ownerName ?? '',
    link: linkOf(row),
    channel: camera.channel,
    name: camera.name,
    position: camera.position,
    remark: camera.remark,
    updatedAt: formatInZone(camera.updatedAt, timeZone),
    editable: owned.includes(camera.orgId),
  };
}

/** One camera of a machine in scope, or "not found". */
async function visibleCamera(data: ScopedData, id: number): Promise<CameraSelection> {
  const row = await cameraSelect(data).where(eq(deviceCameras.id, id)).get();
  if (!row) throw notFound();
  return row;
}

/** A camera the user may change: visible, on a machine of the user's organisations. */
async function ownedCamera(data: ScopedData, user: SessionUser, id: number): Promise<CameraSelection> {
  const row = await visibleCamera(data, id);
  await ownedDevice(data, user, row.camera.deviceId);
  return row;
}

/** Refuses a channel the machine already gives another camera, on the form's field. */
async function assertChannelFree(data: ScopedData, deviceId: number, channel: number, except?: number) {
  const taken = await data
    .select({ id: deviceCameras.id })
    .from(deviceCameras, data.viaDevice(deviceCameras.deviceId))
    .where(and(eq(deviceCameras.deviceId, deviceId), eq(deviceCameras.channel, channel)))
    .get();
  if (taken && taken.id !== except) throw invalidField('channel', 'monitor.channelTaken');
}

/** Two writes at once may both pass the check: the unique index refuses the second with the same answer. */
function saveCamera<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (uniqueViolation(error, [deviceCameras]) === 'device_cameras_channel') {
      throw invalidField('channel', 'monitor.channelTaken');
    }
    throw error;
  }
}

/** What the platform's refusal means to the user: the channel is off line, or the platform cannot serve now. */
async function askPlatform<T>(deps: AppDeps, call: (client: ReturnType<typeof createVideoClient>) => Promise<T>) {
  try {
    return await call(createVideoClient(videoSettings(deps.env)));
  } catch (error) {
    if (error instanceof ChannelOffline) throw new ApiError(API_STATUS.conflict, 'monitor.channelOffline');
    if (error instanceof VideoUnavailable) {
      deps.log('warn', `video platform: ${error.message}`);
      throw new ApiError(API_STATUS.conflict, 'monitor.platformUnavailable');
    }
    throw error;
  }
}

const CAMERA_SORTS = {
  serialNumber: devices.serialNumber,
  channel: deviceCameras.channel,
  updatedAt: deviceCameras.updatedAt,
};

const formValues = (form: Omit<CameraForm, 'deviceId'>) => ({
  channel: form.channel,
  name: form.name,
  position: form.position,
  remark: form.remark,
});

export const monitorRoutes: RouteDef[] = [
  // The player's tree: machines that carry cameras, each with its channels in order.
  route(monitorEndpoints.machines, async ({ query, user, data }) => {
    const withCameras = data
      .selectDistinct({ id: deviceCameras.deviceId })
      .from(deviceCameras, data.viaDevice(deviceCameras.deviceId));
    const select = data
      .select()
      .from(devices, data.deviceScope())
      .where(
        and(inArray(devices.id, withCameras), deviceKeyword(data.dialect, query.keyword ?? ''), linkIs(query.link)),
      );
    const { rows, ...paging } = await listPage(data, query, select, [asc(devices.serialNumber), asc(devices.id)]);
    const ids = rows.map((d) => d.id);
    const cameras = ids.length
      ? await data
          .select()
          .from(deviceCameras, data.viaDevice(deviceCameras.deviceId))
          .where(inArray(deviceCameras.deviceId, ids))
          .orderBy(asc(deviceCameras.channel))
          .all()
      : [];
    const owned = await ownerOrgIds(data, user);
    const list = rows.map((d) => ({
      deviceId: d.id,
      serialNumber: d.serialNumber,
      hostName: d.hostName ?? '',
      machineKind: d.kind,
      link: linkOf(d),
      editable: owned.includes(d.orgId),
      cameras: cameras
        .filter((c) => c.deviceId === d.id)
        .map(({ id, channel, name, position }) => ({ id, channel, name, position })),
    }));
    return { list, ...paging };
  }),

  route(monitorEndpoints.cameras, async ({ query, user, data, timeZone }) => {
    const select = cameraSelect(data).where(
      and(
        deviceKeyword(data.dialect, query.keyword ?? ''),
        query.position ? eq(deviceCameras.position, query.position) : undefined,
        query.machineKind ? eq(devices.kind, query.machineKind) : undefined,
      ),
    );
    const order = listOrder(query, CAMERA_SORTS, desc(deviceCameras.id), [
      asc(devices.serialNumber),
      asc(deviceCameras.channel),
    ]);
    const { rows, ...paging } = await listPage(data, query, select, order);
    const owned = await ownerOrgIds(data, user);
    return { list: rows.map((row) => present(row, owned, timeZone)), ...paging };
  }),

  route(monitorEndpoints.camera, async ({ query, user, data, timeZone }) =>
    present(await visibleCamera(data, query.id), await ownerOrgIds(data, user), timeZone),
  ),

  route(monitorEndpoints.create, async ({ body, user, data, deps }) => {
    const row = await saveCamera(() =>
      data.write(async (tx) => {
        const device = await ownedDevice(tx, user, body.deviceId);
        await assertChannelFree(tx, device.id, body.channel);
        return tx
          .insert(deviceCameras)
          .values({
            ...formValues(body),
            deviceId: device.id,
            orgId: device.orgId,
            updatedBy: user.id,
            updatedAt: new Date(deps.now()),
          })
          .returning({ id: deviceCameras.id })
          .get();
      }),
    );
    return { id: row.id };
  }),

  route(monitorEndpoints.update, async ({ body, user, data, deps }) => {
    await saveCamera(() =>
      data.write(async (tx) => {
        const { camera } = await ownedCamera(tx, user, body.id);
        await assertChannelFree(tx, camera.deviceId, body.channel, camera.id);
        await tx
          .update(deviceCameras)
          .set({ ...formValues(body), updatedBy: user.id, updatedAt: new Date(deps.now()) })
          .where(eq(deviceCameras.id, camera.id))
          .run();
      }),
    );
    return { id: body.id };
  }),

  route(monitorEndpoints.remove, async ({ body, user, data }) => {
    await data.write(async (tx) => {
      await ownedCamera(tx, user, body.id);
      await tx.delete(deviceCameras).where(eq(deviceCameras.id, body.id)).run();
    });
    return { id: body.id };
  }),

  // Anyone who sees the machine watches it; the platform signs the address and answers whether the channel is up.
  route(monitorEndpoints.play, async ({ body, data, deps, timeZone }) => {
    const row = await visibleCamera(data, body.cameraId);
    const address = await askPlatform(deps, (video) =>
      video.liveAddress({ serial: row.serialNumber, channel: row.camera.channel }),
    );
    return { url: address.url, expiresAt: formatInZone(address.expireAt, timeZone), refreshMs: address.refreshMs };
  }),

  // The picture is the machine's: kept as a photo among its files, by the owner's editors.
  route(monitorEndpoints.snapshot, async ({ body, user, data, deps, timeZone, setMessage }) => {
    const row = await ownedCamera(data, user, body.cameraId);
    const device = await ownedDevice(data, user, row.camera.deviceId);
    const bytes = await askPlatform(deps, (video) =>
      video.capture({ serial: row.serialNumber, channel: row.camera.channel }),
    );
    const stamp = formatInZone(deps.now(), timeZone).replace(/[-: ]/g, '');
    const file = new File([bytes], `${row.serialNumber}-CH${row.camera.channel}-${stamp}.jpg`, {
      type: 'image/jpeg',
    });
    const item = await addDeviceFile({ data, user, deps, timeZone }, device, file, 'photo');
    setMessage('monitor.snapshotTaken');
    return item;
  }),
];
