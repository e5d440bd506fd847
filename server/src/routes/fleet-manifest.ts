import { asc, sql } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import { FLEET_PROOF_HEADER, fleetManifestEndpoints, fleetProofValid } from '@console/contract/http/fleet-manifest';
import { deviceSecret, hashDeviceSecret } from '@console/contract/mqtt/credentials';
import { forbidden } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';

/**
 * The simulator's fleet (docs/decisions/008-simulator.md). No user signs in here: the caller proves it holds
 * FLEET_SECRET, which is the secret every listed machine's broker credentials derive from, so it learns nothing
 * it could not already act as. That is also why the list is not scoped by organisation.
 */
export const fleetManifestRoutes: RouteDef[] = [
  route(fleetManifestEndpoints.manifest, ({ query, deps, c }) => {
    const secret = deps.env.FLEET_SECRET;
    if (!fleetProofValid(secret, c.req.header(FLEET_PROOF_HEADER), deps.now())) throw forbidden();
    const rows = deps.dbh.db
      .select()
      .from(devices)
      .where(sql`${devices.id} % ${query.shards} = ${query.shard}`)
      .orderBy(asc(devices.id))
      .all();
    // Only machines provisioned from this fleet secret: the simulator could not sign in as any other.
    const machines = rows
      .filter((d) => d.mqttSecretHash === hashDeviceSecret(deviceSecret(secret, d.serialNumber)))
      .map((d) => ({
        serial: d.serialNumber,
        kind: d.kind,
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
      }));
    return { total: machines.length, machines };
  }),
];
