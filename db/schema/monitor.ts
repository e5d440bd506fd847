import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CAMERA_POSITION, type CameraPosition } from '@console/contract/http/monitor';

/**
 * The cameras bound to machines (docs/decisions/057-video-monitoring.md): each a channel of its machine on the
 * video platform, found there by the machine's serial and the channel number. `org_id` is the machine's owner,
 * whose records these are; a channel carries one camera.
 */
export const deviceCameras = sqliteTable(
  'device_cameras',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deviceId: integer('device_id').notNull(),
    orgId: integer('org_id').notNull(),
    channel: integer('channel').notNull(),
    name: text('name').notNull(),
    position: text('position', { enum: CAMERA_POSITION.values as [CameraPosition, ...CameraPosition[]] }).notNull(),
    remark: text('remark').notNull().default(''),
    updatedBy: integer('updated_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('device_cameras_channel').on(t.deviceId, t.channel), index('device_cameras_org').on(t.orgId)],
);
