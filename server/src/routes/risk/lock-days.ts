import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { nameInSql } from '../../lib/org-brand.ts';
import {
  ARREARS_DEFAULTS,
  hasRiskPermission,
  PREVIEW_ROWS,
  riskEndpoints,
  type LockDaySettingsForm,
} from '@console/contract/http/risk';
import type { ScopedData } from '../../lib/data.ts';
import { organisations } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { lockDaySettings } from '@console/db/schema/risk';
import { forbidden, invalidField } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import type { SessionUser } from '../../lib/session.ts';
import { dayInZone, formatInZone } from '../../lib/time.ts';
import { dueLevel, lastExpiryPreLockedBy, lockDayDates } from '../../risk/scheduler.ts';
import { addDaysToDay } from '@console/contract/http/upkeep';
import { ownerOrgIds } from '../../lib/device-access.ts';
import { previewArrears } from '../../risk/arrears.ts';

/** The preview looks this far ahead. */
const PREVIEW_DAYS = 30;

const DEFAULTS = {
  enabled: false,
  preLockDays: 0,
  intervalDays: 3,
  mode: 2,
  ...ARREARS_DEFAULTS,
} as const;

/** Settings belong to an organisation whose machines the user keeps (the operator's staff: any lessor). */
async function assertOwnOrg(data: ScopedData, user: SessionUser, orgId: number, field?: string): Promise<void> {
  if ((await ownerOrgIds(data, user)).includes(orgId)) return;
  throw field ? invalidField(field, 'risk.invalidOrganisation') : forbidden();
}

async function settingsOf(data: ScopedData, orgId: number): Promise<LockDaySettingsForm> {
  const row = await data
    .select()
    .from(lockDaySettings, data.orgScope(lockDaySettings.orgId))
    .where(eq(lockDaySettings.orgId, orgId))
    .get();
  const { enabled, preLockDays, intervalDays, mode, ...arrears } = row ?? DEFAULTS;
  return {
    orgId,
    enabled,
    preLockDays,
    intervalDays,
    mode: mode as LockDaySettingsForm['mode'],
    arrearsEnabled: arrears.arrearsEnabled,
    arrearsReminderDays: arrears.arrearsReminderDays,
    arrearsPreLock1Days: arrears.arrearsPreLock1Days,
    arrearsLock1Days: arrears.arrearsLock1Days,
    arrearsPreLock2Days: arrears.arrearsPreLock2Days,
    arrearsLock2Days: arrears.arrearsLock2Days,
    arrearsUnlockOnPayment: arrears.arrearsUnlockOnPayment,
  };
}

export const lockDayRoutes: RouteDef[] = [
  route(riskEndpoints.lockDays, async ({ query, user, data }) => {
    const own = await ownerOrgIds(data, user);
    const orgId = query.orgId ?? (own.includes(user.orgId) ? user.orgId : own[0]);
    if (orgId === undefined) throw forbidden();
    await assertOwnOrg(data, user, orgId);
    const choices = await data
      .select({ id: organisations.id, name: nameInSql(organisations, data.lang) })
      .from(organisations, data.orgScope(organisations.id))
      .where(inArray(organisations.id, own))
      .orderBy(asc(organisations.id))
      .all();
    return { settings: await settingsOf(data, orgId), organisations: choices };
  }),

  route(riskEndpoints.previewLockDays, async ({ body, user, data, deps, timeZone }) => {
    await assertOwnOrg(data, user, body.orgId, 'orgId');
    const now = deps.now();
    // Machines whose pre-lock day falls within the preview window (or has passed), in the zone the setting will
    // be saved with: the user's.
    const latest = lastExpiryPreLockedBy(addDaysToDay(dayInZone(now, timeZone), PREVIEW_DAYS), body);
    const machines = await data
      .select({
        id: devices.id,
        serialNumber: devices.serialNumber,
        status: devices.status,
        expiresAt: devices.serviceExpiresAt,
      })
      .from(devices, data.orgScope(devices.orgId))
      .where(
        and(eq(devices.orgId, body.orgId), isNotNull(devices.serviceExpiresAt), lte(devices.serviceExpiresAt, latest)),
      )
      .orderBy(asc(devices.serviceExpiresAt), asc(devices.id))
      .all();
    const word = body.keyword?.toLowerCase();
    const has = (...texts: string[]) => !word || texts.some((text) => text.toLowerCase().includes(word));
    const rows = machines
      .filter((m) => has(m.serialNumber))
      .map((m) => {
        const dates = lockDayDates(m.expiresAt!, body, timeZone);
        return {
          deviceId: m.id,
          serialNumber: m.serialNumber,
          serviceExpiresAt: m.expiresAt!,
          preLockAt: formatInZone(dates.preLockAt, timeZone),
          lockAt: formatInZone(dates.lockAt, timeZone),
          dueLevel: dueLevel(now, dates),
          riskPermission: hasRiskPermission(m.status),
        };
      });
    // What arrears would do under these settings, on the company's billing calendar (decision 039).
    const arrears = (
      body.arrearsEnabled ? await previewArrears(data.unscoped('domainRule'), body.orgId, body, now, PREVIEW_DAYS) : []
    ).filter((r) => has(r.serialNumber, r.contractNumber, r.renterName));
    return {
      total: rows.length,
      dueNow: rows.filter((r) => r.dueLevel > 0).length,
      list: rows.slice(0, PREVIEW_ROWS),
      arrears: arrears.slice(0, PREVIEW_ROWS),
      arrearsTotal: arrears.length,
      arrearsDueNow: arrears.filter((r) => r.dueNow).length,
    };
  }),

  route(riskEndpoints.saveLockDays, async ({ body, user, data, deps, timeZone, setMessage }) => {
    await assertOwnOrg(data, user, body.orgId, 'orgId');
    const values = {
      enabled: body.enabled,
      preLockDays: body.preLockDays,
      intervalDays: body.intervalDays,
      mode: body.mode,
      arrearsEnabled: body.arrearsEnabled,
      arrearsReminderDays: body.arrearsReminderDays,
      arrearsPreLock1Days: body.arrearsPreLock1Days,
      arrearsLock1Days: body.arrearsLock1Days,
      arrearsPreLock2Days: body.arrearsPreLock2Days,
      arrearsLock2Days: body.arrearsLock2Days,
      arrearsUnlockOnPayment: body.arrearsUnlockOnPayment,
      // The organisation's expiry days end in the zone of whoever saved the setting (what the preview showed).
      timeZone,
      updatedBy: user.id,
      updatedAt: new Date(deps.now()),
    };
    await data.write((tx) =>
      tx
        .insert(lockDaySettings)
        .values({ orgId: body.orgId, ...values })
        .onConflictDoUpdate({ target: lockDaySettings.orgId, set: values })
        .run(),
    );
    setMessage('risk.settingsSaved');
    return settingsOf(data, body.orgId);
  }),
];
