import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { deviceRecordEndpoints, MAX_DEVICE_IMAGES } from '@console/contract/http/device-records';
import { employeeEndpoints } from '@console/contract/http/employees';
import { organisations, uploads, users } from '@console/db/schema/accounts';
import { deviceFiles } from '@console/db/schema/device-records';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import type * as Password from '@console/db/password';
import { demoMachines } from '../device-records/helpers.ts';

/**
 * Requests that arrive together. A gate holds the first `count` requests that reach a slow step until the test
 * lets them go, so they are provably in flight together whatever the machine's speed.
 */
function createGate() {
  let holding = 0;
  let waiting: (() => void)[] = [];
  let arrived: () => void = () => {};
  return {
    hold(count: number) {
      holding = count;
      const all = new Promise<void>((resolve) => (arrived = resolve));
      return {
        arrived: all,
        release: () => {
          waiting.forEach((go) => go());
          waiting = [];
        },
      };
    },
    pass(): Promise<void> {
      if (holding === 0) return Promise.resolve();
      holding--;
      const held = new Promise<void>((go) => waiting.push(go));
      if (holding === 0) arrived();
      return held;
    },
  };
}

// Hashing a password is where a request waits for the thread pool.
const hashGate = vi.hoisted(() => ({ gate: null as ReturnType<typeof createGate> | null }));
vi.mock('@console/db/password', async (importOriginal) => {
  const real = await importOriginal<typeof Password>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      const hash = await real.hashPassword(password);
      await hashGate.gate?.pass();
      return hash;
    },
  };
});

const PNG = new Uint8Array(256);
PNG.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// Reading an uploaded file's bytes is where an upload waits for the network (the first bytes, read to tell
// the type, are already there).
const readGate = createGate();
const readBytes = Blob.prototype.arrayBuffer;

describe('writes that belong together are one unit of work', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    hashGate.gate = createGate();
    vi.spyOn(Blob.prototype, 'arrayBuffer').mockImplementation(async function (this: Blob) {
      const bytes = await readBytes.call(this);
      if (this.size > 16) await readGate.pass();
      return bytes;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    t.dbh.close();
  });

  const count = async (table: typeof organisations | typeof users | typeof uploads) =>
    (await t.dbh.db
      .select({ n: sql<number>`count(*)` })
      .from(table)
      .get())!.n;

  it('registration taken meanwhile answers "already registered" and leaves no organisation behind', async () => {
    const mobile = '13912340077';
    await t.call(authEndpoints.code, { query: { mobile, type: 'register' } });
    const code = await t.latestCode(mobile);
    const orgsBefore = await count(organisations);
    const hashing = hashGate.gate!.hold(1);
    const registering = t.call(authEndpoints.register, { query: { mobile, code, password: 'Welcome2026' } });
    await hashing.arrived;
    // While the password is hashed, an administrator gives the same number an account.
    const employee = await t.call(employeeEndpoints.create, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: { mobile, name: 'Meanwhile', roleId: ROLE.technician, mode: 'password', password: 'Start2026a' },
    });
    expect(employee.status, employee.message).toBe('200');
    hashing.release();
    const res = await registering;
    expect(res).toMatchObject({ status: '400', data: { field: 'mobile' } });
    expect(res.message).toContain('This phone number is already registered');
    expect(await count(organisations)).toBe(orgsBefore);
    expect(await t.dbh.db.select().from(users).where(eq(users.mobile, mobile)).all()).toHaveLength(1);
  });

  it('two employees created together with one phone: one account, the other told it exists', async () => {
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    const mobile = '13966660099';
    const create = (name: string) =>
      t.call(employeeEndpoints.create, {
        token: admin,
        body: { mobile, name, roleId: ROLE.technician, mode: 'password', password: 'Start2026a' },
      });
    const hashing = hashGate.gate!.hold(2);
    const both = Promise.all([create('First'), create('Second')]);
    await hashing.arrived;
    hashing.release();
    const answers = await both;
    expect(answers.map((a) => a.status).sort()).toEqual(['200', '400']);
    const refused = answers.find((a) => a.status === '400')!;
    expect(refused).toMatchObject({ data: { field: 'mobile' } });
    expect(refused.message).toContain('This number already has an account: invite it');
    expect(await t.dbh.db.select().from(users).where(eq(users.mobile, mobile)).all()).toHaveLength(1);
  });

  it('device files uploaded together never pass the per-machine limit', async () => {
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    const { id } = (await demoMachines(t)).ownOnly;
    const upload = () => {
      const form = new FormData();
      form.set('file', new File([PNG], 'photo.png', { type: 'image/png' }));
      form.set('deviceId', String(id));
      form.set('category', 'other');
      return t.send(deviceRecordEndpoints.uploadFile, { token: admin, body: form, headers: { lang: 'en_US' } });
    };
    const images = async () =>
      (await t.dbh.db
        .select({ n: sql<number>`count(*)` })
        .from(deviceFiles)
        .where(sql`${deviceFiles.deviceId} = ${id} and ${deviceFiles.type} <> 'pdf'`)
        .get())!.n;
    while ((await images()) < MAX_DEVICE_IMAGES - 1) expect((await upload()).envelope?.status).toBe('200');
    const uploadsBefore = await count(uploads);
    const reading = readGate.hold(3);
    const all = Promise.all([upload(), upload(), upload()]);
    await reading.arrived;
    reading.release();
    const answers = await all;
    expect(answers.map((a) => a.envelope?.status).sort()).toEqual(['200', '400', '400']);
    expect(answers.find((a) => a.envelope?.status === '400')?.envelope?.message).toBe('Upload at most 10 files');
    expect(await images()).toBe(MAX_DEVICE_IMAGES);
    // The refused files are not kept as uploads either.
    expect(await count(uploads)).toBe(uploadsBefore + 1);
  });
});
