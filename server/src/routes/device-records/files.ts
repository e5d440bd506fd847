import { and, desc, eq, sql } from 'drizzle-orm';
import {
  deviceRecordEndpoints,
  MAX_DEVICE_IMAGES,
  MAX_DEVICE_PDFS,
  type DeviceFileItem,
} from '@console/contract/http/device-records';
import { fileUrl } from '@console/contract/http/uploads';
import type { Db } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { deviceFiles } from '@console/db/schema/device-records';
import { operationLogs } from '@console/db/schema/devices';
import { ApiError, invalidField, notFound } from '../../lib/errors.ts';
import { API_STATUS } from '@console/contract/http/envelope';
import { route, type RouteDef } from '../../lib/route.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { detectFileType, storeUpload } from '../../lib/uploads.ts';
import { ownedDevice, ownerOrgIds, visibleDevice } from '../device-access.ts';

/** A name to show and download under: the uploader's base name, without path or control characters. */
function displayName(name: string, type: string): string {
  const printable = [...(name.split(/[\\/]/).pop() ?? '')].filter((ch) => ch >= ' ' && ch !== '\u007f');
  const base = printable.join('').trim();
  return (base || `file.${type}`).slice(0, 120);
}

export function logOperation(db: Db, user: SessionUser, deviceId: number, action: string, detail: object, at: number) {
  db.insert(operationLogs)
    .values({ deviceId, userId: user.id, action, detail: JSON.stringify(detail), at: new Date(at) })
    .run();
}

export const fileRoutes: RouteDef[] = [
  // Manuals and certificates go with the machine: its customer and distributor read them too.
  route(deviceRecordEndpoints.files, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const device = visibleDevice(db, user, query.deviceId);
    const rows = db
      .select({ file: deviceFiles, uploadedBy: users.name })
      .from(deviceFiles)
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
    return { list, editable: ownerOrgIds(db, user).includes(device.orgId) };
  }),

  // Only the owner's editors add files; the type is read from the bytes, whatever the file is called.
  route(deviceRecordEndpoints.uploadFile, async ({ body, user, deps, timeZone, setMessage }) => {
    const { db } = deps.dbh;
    const device = ownedDevice(db, user, body.deviceId);
    const head = new Uint8Array(await body.file.slice(0, 16).arrayBuffer());
    const type = detectFileType(head);
    if (!type) throw invalidField('file', 'deviceRecords.fileType');
    const isPdf = type === 'pdf';
    const max = isPdf ? MAX_DEVICE_PDFS : MAX_DEVICE_IMAGES;
    const held = db
      .select({ n: sql<number>`count(*)` })
      .from(deviceFiles)
      .where(
        and(
          eq(deviceFiles.deviceId, device.id),
          isPdf ? eq(deviceFiles.type, 'pdf') : sql`${deviceFiles.type} <> 'pdf'`,
        ),
      )
      .get()!.n;
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
    // The upload rules of spec section 5: images 500kb each (the `photo` rule), pdf 5M each.
    const stored = await storeUpload(deps, user, body.file, isPdf ? 'pdf' : 'photo', false);
    const now = deps.now();
    const name = displayName(body.file.name, stored.type);
    const row = db
      .insert(deviceFiles)
      .values({
        deviceId: device.id,
        orgId: device.orgId,
        fileName: stored.name,
        name,
        category: body.category,
        type: stored.type,
        size: stored.size,
        createdBy: user.id,
        createdAt: new Date(now),
      })
      .returning()
      .get();
    logOperation(db, user, device.id, 'file.upload', { name }, now);
    setMessage('deviceRecords.fileUploaded');
    return {
      id: row.id,
      name,
      category: row.category,
      type: row.type,
      size: row.size,
      url: stored.url,
      uploadedBy: user.name,
      uploadedAt: formatInZone(now, timeZone),
    };
  }),

  route(deviceRecordEndpoints.deleteFile, ({ body, user, deps, setMessage }) => {
    const { db } = deps.dbh;
    const file = db.select().from(deviceFiles).where(eq(deviceFiles.id, body.id)).get();
    if (!file) throw notFound();
    // Not visible: not found; visible but not the user's to change: forbidden (device-access.ts).
    ownedDevice(db, user, file.deviceId);
    db.delete(deviceFiles).where(eq(deviceFiles.id, file.id)).run();
    logOperation(db, user, file.deviceId, 'file.delete', { name: file.name }, deps.now());
    setMessage('deviceRecords.fileDeleted');
    return { id: file.id };
  }),
];
