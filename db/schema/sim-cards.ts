import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const SIM_CARRIERS = ['chinaMobile', 'chinaUnicom', 'chinaTelecom', 'other'] as const;

/**
 * SIM cards of the machines' telematics units (a peripheral registry beside the hosts): ICCID, the IMEI of the
 * unit it sits in, carrier and connectivity service expiry; owned by an organisation, optionally in a machine.
 */
export const simCards = sqliteTable(
  'sim_cards',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    iccid: text('iccid').notNull(),
    imei: text('imei').notNull(),
    carrier: text('carrier', { enum: SIM_CARRIERS }).notNull(),
    /** The last day of the connectivity service (`YYYY-MM-DD`, decision 026). */
    serviceExpiresAt: text('service_expires_at'),
    /** The machine whose telematics unit holds the card. */
    deviceId: integer('device_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex('sim_cards_iccid').on(t.iccid),
    index('sim_cards_org').on(t.orgId),
    index('sim_cards_device').on(t.deviceId),
  ],
);
