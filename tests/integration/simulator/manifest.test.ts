import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { FLEET_PROOF_HEADER, fleetManifestEndpoints, fleetProof } from '@console/contract/http/fleet-manifest';
import { renewalEndpoints } from '@console/contract/http/renewals';
import { DEV_FLEET_SECRET } from '@console/contract/mqtt/credentials';
import type { KindData } from '@console/contract/mqtt/payloads';
import { deviceModels, devices } from '@console/db/schema/devices';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';
import { serviceStopped } from './helpers.ts';
import { filterInOrder } from '@console/db/in-order';

const { manifest } = fleetManifestEndpoints;

/** The seeded machines whose service ran out (the renewal demo's). */
const stoppedOf = async (t: TestApp) =>
  await filterInOrder(await t.dbh.db.select().from(devices).all(), (d) => serviceStopped(t.dbh.db, d, t.deps.now()));

describe('the fleet manifest for the simulator', () => {
  it('lists every machine provisioned from the fleet secret to a caller that proves it holds the secret', async () => {
    const t = await createTestApp();
    const all = await t.dbh.db.select().from(devices).all();
    // A machine with credentials of its own cannot be simulated from the fleet secret: it is left out.
    await t.dbh.db
      .update(devices)
      .set({ mqttSecretHash: 'ab'.repeat(32) })
      .where(eq(devices.id, all[0]!.id))
      .run();
    const answer = await t.call(manifest, { headers: { [FLEET_PROOF_HEADER]: fleetProof(DEV_FLEET_SECRET) } });
    expect(answer.status).toBe('200');
    const listed = manifest.response.parse(answer.data);
    expect(listed.total).toBe(all.length - 1 - (await stoppedOf(t)).length);
    expect(listed.machines.map((m) => m.serial)).not.toContain(all[0]!.serialNumber);
    const stopped = new Set((await stoppedOf(t)).map((d) => d.id));
    const sample = all.slice(1).find((d) => !stopped.has(d.id))!;
    // The simulated machine carries on from its last report: its state of charge (or fuel) is in the manifest.
    const chargeOf = (d: KindData) =>
      'batteryPct' in d ? d.batteryPct : 'chargePct' in d ? d.chargePct : 'fuelPct' in d ? d.fuelPct : null;
    expect(listed.machines.find((m) => m.serial === sample.serialNumber)).toEqual({
      serial: sample.serialNumber,
      kind: sample.kind,
      // Its model, by the name the simulator bounds its figures with.
      model: (await t.dbh.db.select().from(deviceModels).where(eq(deviceModels.id, sample.modelId)).get())!.name,
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
    expect(serials.length).toBe((await t.dbh.db.select().from(devices).all()).length - (await stoppedOf(t)).length);
    await expectEvery(shards, (s) => s.length > 0);
    expect((await t.call(manifest, { query: { shard: 3, shards: 3 }, headers })).status).toBe('400');
    t.dbh.close();
  });

  it('leaves out a machine whose service stopped until its service is renewed', async () => {
    const t = await createTestApp();
    const headers = { [FLEET_PROOF_HEADER]: fleetProof(DEV_FLEET_SECRET) };
    const serials = async () =>
      manifest.response.parse((await t.call(manifest, { headers })).data).machines.map((m) => m.serial);
    const stopped = await stoppedOf(t);
    expect(stopped.length).toBeGreaterThan(0);
    // Its unit's connection is cut: the simulator must not make it report.
    const before = await serials();
    for (const d of stopped) expect(before).not.toContain(d.serialNumber);
    const [renewed, ...others] = stopped;
    const made = await t.call(renewalEndpoints.create, {
      token: await t.tokenFor(ROLE.finance),
      body: { kind: 'device', ids: [renewed!.id], months: 3, payNow: true, paymentReference: 'BANK-7' },
    });
    expect(made.status, made.message).toBe('200');
    // The simulator's next read of the manifest has it again; the others stay silent.
    const after = await serials();
    expect(after).toContain(renewed!.serialNumber);
    for (const d of others) expect(after).not.toContain(d.serialNumber);
    expect(after).toHaveLength(before.length + 1);
    t.dbh.close();
  });

  it('answers "unchanged" to a simulator that has the current version, until a machine joins or leaves', async () => {
    const t = await createTestApp();
    const headers = { [FLEET_PROOF_HEADER]: fleetProof(DEV_FLEET_SECRET) };
    const read = async (since?: string) =>
      manifest.response.parse((await t.call(manifest, { headers, query: since ? { since } : {} })).data);
    const first = await read();
    expect(first.changed).toBe(true);
    // Asked again with its version: the same machines, so nothing to send.
    expect(await read(first.version)).toEqual({
      total: first.total,
      version: first.version,
      changed: false,
      machines: [],
    });
    // An older version gets the whole list.
    expect(await read('an-older-version')).toEqual(first);
    // A stopped machine renewed: a new version, with the machine listed.
    const [stopped] = await stoppedOf(t);
    const made = await t.call(renewalEndpoints.create, {
      token: await t.tokenFor(ROLE.finance),
      body: { kind: 'device', ids: [stopped!.id], months: 3, payNow: true, paymentReference: 'BANK-8' },
    });
    expect(made.status, made.message).toBe('200');
    const renewed = await read(first.version);
    expect(renewed).toMatchObject({ changed: true, total: first.total + 1 });
    expect(renewed.version).not.toBe(first.version);
    expect(renewed.machines.map((m) => m.serial)).toContain(stopped!.serialNumber);
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
