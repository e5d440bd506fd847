import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FLEET_PROOF_HEADER, fleetManifestEndpoints, fleetProof } from '@console/contract/http/fleet-manifest';
import { DEV_FLEET_SECRET } from '@console/contract/mqtt/credentials';
import type { KindData } from '@console/contract/mqtt/payloads';
import { devices } from '@console/db/schema/devices';
import { createTestApp } from '../../fixtures/test-app.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

const { manifest } = fleetManifestEndpoints;

describe('the fleet manifest for the simulator', () => {
  it('lists every machine provisioned from the fleet secret to a caller that proves it holds the secret', async () => {
    const t = await createTestApp();
    const all = t.dbh.db.select().from(devices).all();
    // A machine with credentials of its own cannot be simulated from the fleet secret: it is left out.
    t.dbh.db
      .update(devices)
      .set({ mqttSecretHash: 'ab'.repeat(32) })
      .where(eq(devices.id, all[0]!.id))
      .run();
    const answer = await t.call(manifest, { headers: { [FLEET_PROOF_HEADER]: fleetProof(DEV_FLEET_SECRET) } });
    expect(answer.status).toBe('200');
    const listed = manifest.response.parse(answer.data);
    expect(listed.total).toBe(all.length - 1);
    expect(listed.machines.map((m) => m.serial)).not.toContain(all[0]!.serialNumber);
    const sample = all[1]!;
    // The simulated machine carries on from its last report: its state of charge (or fuel) is in the manifest.
    const chargeOf = (d: KindData) =>
      'batteryPct' in d ? d.batteryPct : 'chargePct' in d ? d.chargePct : 'fuelPct' in d ? d.fuelPct : null;
    expect(listed.machines.find((m) => m.serial === sample.serialNumber)).toEqual({
      serial: sample.serialNumber,
      kind: sample.kind,
      lat: sample.lat,
      lng: sample.lng,
      location: sample.location,
      positioning: sample.positioning,
      leased: sample.leaseStatus === 'leased',
      reportIntervalS: sample.reportIntervalS,
      overspeedKmh: sample.overspeedKmh,
      lockLevel: sample.lockLevel,
      sleeping: sample.sleeping,
      workingHours: sample.workingHours,
      chargePct: chargeOf(sample.latest as KindData),
    });
    t.dbh.close();
  });

  it('splits the fleet between simulator processes without overlap', async () => {
    const t = await createTestApp();
    const headers = { [FLEET_PROOF_HEADER]: fleetProof(DEV_FLEET_SECRET) };
    const shards = await Promise.all(
      [0, 1, 2].map(async (shard) => (await t.call(manifest, { query: { shard, shards: 3 }, headers })).data.machines),
    );
    const serials = shards.flat().map((m: { serial: string }) => m.serial);
    expect(new Set(serials).size).toBe(serials.length);
    expect(serials.length).toBe(t.dbh.db.select().from(devices).all().length);
    expectEvery(shards, (s) => s.length > 0);
    expect((await t.call(manifest, { query: { shard: 3, shards: 3 }, headers })).status).toBe('400');
    t.dbh.close();
  });

  it('refuses a caller without the proof, with another secret, or with a stale or replayed-late proof', async () => {
    const t = await createTestApp();
    const refused = async (headers: Record<string, string>) => (await t.call(manifest, { headers })).status;
    expect(await refused({})).toBe('403');
    expect(await refused({ [FLEET_PROOF_HEADER]: fleetProof('another-fleet-secret') })).toBe('403');
    expect(await refused({ [FLEET_PROOF_HEADER]: fleetProof(DEV_FLEET_SECRET, Date.now() - 10 * 60_000) })).toBe('403');
    expect(await refused({ [FLEET_PROOF_HEADER]: DEV_FLEET_SECRET })).toBe('403');
    // The secret itself never travels: the proof does not contain it.
    expect(fleetProof(DEV_FLEET_SECRET)).not.toContain(DEV_FLEET_SECRET);
    // A signed-in user is no substitute for the proof.
    expect((await t.call(manifest, { token: await t.signIn(2) })).status).toBe('403');
    t.dbh.close();
  });
});
