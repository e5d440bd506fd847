import { and, desc, eq, sql } from 'drizzle-orm';
import {
  deviceRecordEndpoints,
  MAX_DEVICE_IMAGES,
  MAX_DEVICE_PDFS,
  type DeviceFileItem,
} from '@console/contract/http/device-records';
import { fileUrl } from '@console/contract/http/uploads';
import { users } from '@console/db/schema/accounts';
import { deviceFiles } from '@console/db/schema/device-records';
import { operationLogs } from '@console/db/schema/devices';
import { ApiError, invalidField, notFound } from '../../lib/errors.ts';
import { API_STATUS } from '@console/contract/http/envelope';
import type { DeviceFileCategory } from '@console/contract/codes/device-records';
import type { ScopedData, ScopedWrite } from '../../lib/data.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { detectFileType, discardFile, keepFile, recordUpload } from '../../lib/uploads.ts';
import { ownedDevice, ownerOrgIds, visibleDevice } from '../../lib/device-access.ts';

/** A name to show and download under: the uploader's base name, without path or control characters. */
function displayName(name: string, type: string): string {
  const printable = [...(name.split(/[\\/]/).pop() ?? '')].filter((ch) => ch >= ' ' && ch !== '\u007f');
  const base = printable.join('').trim();
  return (base || `file.${type}`).slice(0, 120);
}

export async function logOperation(
  tx: ScopedWrite,
  user: SessionUser,
  deviceId: number,
  action: string,
  detail: object,
  at: number,
) {
  await tx
    .insert(operationLogs)
    .values({ deviceId, userId: user.id, action, detail: JSON.stringify(detail), at: new Date(at) })
    .run();
}

/** Refuses a file beyond the machine's limit of its kind (pdf, or images). */
async function assertRoom(data: ScopedData, deviceId: number, isPdf: boolean): Promise<void> {
  const max = isPdf ? MAX_DEVICE_PDFS : MAX_DEVICE_IMAGES;
  const held = (await data
    .select({ n: sql<number>`count(*)` })
    .from(deviceFiles, data.viaDevice(deviceFiles.deviceId))
    .where(
      and(eq(deviceFiles.deviceId, deviceId), isPdf ? eq(deviceFiles.type, 'pdf') : sql`${deviceFiles.type} <> 'pdf'`),
    )
    .get())!.n;
  if (held >= max) {
    throw new ApiError(
      API_STATUS.invalid,
      'upload.tooMany',
      { max },
      {
        field: 'file',
        issues: [{ path: 'file', message: 'upload.tooMany' }],
      },
    );
  }
}

/**
 * Keeps a file with a machine the caller owns (checked by the caller): its type read from its bytes, within the
 * machine's limit and the upload rules of spec section 5, logged. The device files' upload and the monitor's
 * snapshots (docs/decisions/057) add files this one way.
 */
export async function addDeviceFile(
  { data, user, deps, timeZone }: { data: ScopedData; user: SessionUser; deps: AppDeps; timeZone: string },
  device: { id: number; orgId: number },
  file: File,
  category: DeviceFileCategory,
): Promise<DeviceFileItem> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const type = detectFileType(head);
  if (!type) throw invalidField('file', 'deviceRecords.fileType');
  const isPdf = type === 'pdf';
  const kind = isPdf ? 'pdf' : 'photo';
  // Refused early when the machine is already full, so a file is not written for nothing.
  await assertRoom(data, device.id, isPdf);
  // The upload rules of spec section 5: images 500kb each (the `photo` rule), pdf 5M each.
  const kept = await keepFile(deps, file, kind);
  const now = deps.now();
  const name = displayName(file.name, kept.type);
  let row: typeof deviceFiles.$inferSelect;
  try {
    // Counted again with the write: uploads that arrive together must not pass the limit between them.
    row = await data.write(async (tx) => {
      await assertRoom(tx, device.id, isPdf);
      await recordUpload(tx, user, kept, kind, false);
      const inserted = await tx
        .insert(deviceFiles)
        .values({
          deviceId: device.id,
          orgId: device.orgId,
          fileName: kept.name,
          name,
          category,
          type: kept.type,
          size: kept.size,
          createdBy: user.id,
          createdAt: new Date(now),
        })
        .returning()
        .get();
      await logOperation(tx, user, device.id, 'file.upload', { name }, now);
      return inserted;
    });
  } catch (error) {
    discardFile(deps, kept);
    throw error;
  }
  return {
    id: row.id,
    name,
    category: row.category,
    type: row.type,
    size: row.size,
    url: kept.url,
    uploadedBy: user.name,
    uploadedAt: formatInZone(now, timeZone),
  };
}

export const fileRoutes: RouteDef[] = [
  // Manuals and certificates go with the machine: its customer and distributor read them too.
  route(deviceRecordEndpoints.files, async ({ query, user, data, timeZone }) => {
    const device = await visibleDevice(data, query.deviceId);
    const rows = await data
      .select({ file: deviceFiles, uploadedBy: users.name })
      .from(deviceFiles, data.viaDevice(deviceFiles.deviceId))
      .leftJoin(users, eq(users.id, deviceFiles.createdBy))
      .where(eq(deviceFiles.deviceId, device.id))
      .orderBy(desc(deviceFiles.createdAt), desc(deviceFiles.id))
      .all();
    const list: DeviceFileItem[] = rows.map(({ file, uploadedBy }) => ({
      id: file.id,
      name: file.name,
      category: file.category,
      type: file.type,
      size: file.size,
      url: fileUrl(file.fileName),
      uploadedBy: uploadedBy ?? '',
      uploadedAt: formatInZone(file.createdAt, timeZone),
    }));
    return { list, editable: (await ownerOrgIds(data, user)).includes(device.orgId) };
  }),

  // Only the owner's editors add files; the type is read from the bytes, whatever the file is called.
  route(deviceRecordEndpoints.uploadFile, async ({ body, user, data, deps, timeZone, setMessage }) => {
    const device = await ownedDevice(data, user, body.deviceId);
    const item = await addDeviceFile({ data, user, deps, timeZone }, device, body.file, body.category);
    setMessage('deviceRecords.fileUploaded');
    return item;
  }),

  route(deviceRecordEndpoints.deleteFile, async ({ body, user, data, deps, setMessage }) => {
    const file = await data.write(async (tx) => {
      // Not visible: not found; visible but not the user's to change: forbidden (device-access.ts).
      const file = await tx
        .select()
        .from(deviceFiles, tx.viaDevice(deviceFiles.deviceId))
        .where(eq(deviceFiles.id, body.id))
        .get();
      if (!file) throw notFound();
      await ownedDevice(tx, user, file.deviceId);
      await tx.delete(deviceFiles).where(eq(deviceFiles.id, file.id)).run();
      await logOperation(tx, user, file.deviceId, 'file.delete', { name: file.name }, deps.now());
      return file;
    });
    setMessage('deviceRecords.fileDeleted');
    return { id: file.id };
  }),
];
