import { createHash } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { deviceModels, devices } from '@console/db/schema/devices';
import { FLEET_PROOF_HEADER, fleetManifestEndpoints, fleetProofValid } from '@console/contract/http/fleet-manifest';
import { DEV_FLEET_SECRET, deviceSecret, hashDeviceSecret } from '@console/contract/mqtt/credentials';
import { forbidden } from '../lib/errors.ts';
import { fromThisMachine } from '../lib/this-machine.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { kindData } from '@console/contract/mqtt/payloads';
import { batteryPctOf } from '../ingest/kind-state.ts';
import { orgTodays } from '../lib/org-day.ts';

/** State of charge (or fuel) of a stored reading; null for kinds without one or a reading that no longer fits. */
function chargeOf(latest: unknown): number | null {
  const parsed = kindData.safeParse(latest);
  if (!parsed.success) return null;
  return batteryPctOf(parsed.data) ?? ('fuelPct' in parsed.data ? parsed.data.fuelPct : null);
}

/**
 * The simulator's fleet (docs/decisions/008-simulator.md). No user signs in here: the caller proves it holds
 * FLEET_SECRET, which is the secret every listed machine's broker credentials derive from, so it learns nothing
 * it could not already act as. That is also why the list is not scoped by organisation.
 */
export const fleetManifestRoutes: RouteDef[] = [
  route(fleetManifestEndpoints.manifest, async ({ query, data, deps, c }) => {
    const secret = deps.env.FLEET_SECRET;
    if (!fleetProofValid(secret, c.req.header(FLEET_PROOF_HEADER), deps.now())) throw forbidden();
    // The development secret is published: a proof made with it shows nothing, except from this machine.
    if (secret === DEV_FLEET_SECRET && !fromThisMachine(c, deps.env)) throw forbidden();
    const db = data.unscoped('machine');
    const inShard = sql`${devices.id} % ${query.shards} = ${query.shard}`;
    // Who is listed is read from a few narrow columns first: a simulator that asks every minute mostly learns that
    // nothing changed, and then the rows' stored readings are never read.
    const candidates = await db
      .select({
        id: devices.id,
        serial: devices.serialNumber,
        orgId: devices.orgId,
        secretHash: devices.mqttSecretHash,
        serviceExpiresAt: devices.serviceExpiresAt,
      })
      .from(devices)
      .where(inShard)
      .orderBy(asc(devices.id))
      .all();
    // A machine whose service ran out has its unit's connection cut: it reports nothing until it is renewed. Its
    // last day ends at midnight of its company's calendar (decision 026), as the renewal list judges it.
    const todayOf = await orgTodays(db, deps.now());
    const listed = candidates.filter(
      (d) =>
        // Only machines provisioned from this fleet secret: the simulator could not sign in as any other.
        d.secretHash === hashDeviceSecret(deviceSecret(secret, d.serial)) &&
        (d.serviceExpiresAt === null || d.serviceExpiresAt >= todayOf(d.orgId)),
    );
    const version = createHash('sha256')
      .update(listed.map((d) => d.serial).join('\n'))
      .digest('base64url')
      .slice(0, 22);
    if (query.since === version) return { total: listed.length, version, changed: false, machines: [] };

    const ids = new Set(listed.map((d) => d.id));
    const rows = await db.select().from(devices).where(inShard).orderBy(asc(devices.id)).all();
    const modelNames = new Map(
      (await db.select({ id: deviceModels.id, name: deviceModels.name }).from(deviceModels).all()).map((m) => [
        m.id,
        m.name,
      ]),
    );
    const machines = rows
      .filter((d) => ids.has(d.id))
      .map((d) => ({
        serial: d.serialNumber,
        kind: d.kind,
        model: modelNames.get(d.modelId) ?? null,
        lat: d.lat,
        lng: d.lng,
        location: d.location,
        positioning: d.positioning,
        leased: d.leaseStatus === 'leased',
        reportIntervalS: d.reportIntervalS,
        overspeedKmh: d.overspeedKmh,
        lockLevel: d.lockLevel,
        sleeping: d.sleeping,
        workingHours: d.workingHours,
        // The simulated machine carries on from its last report (decision 026).
        chargePct: chargeOf(d.latest),
      }));
    return { total: machines.length, version, changed: true, machines };
  }),
];
