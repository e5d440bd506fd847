import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { workOrderEndpoints, type TechnicianChoices } from '@console/contract/http/work-orders';
import { organisations, users } from '@console/db/schema/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { create, machinesOf, orderFor } from './helpers.ts';

describe('assigning offers only the technicians who can take the orders', () => {
  let t: TestApp;
  let m: Awaited<ReturnType<typeof machinesOf>>;
  const technicianIdsOf = async (orgIds: number[]) =>
    (
      await t.dbh.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.roleId, ROLE.technician), eq(users.disabled, false), inArray(users.orgId, orgIds)))
        .all()
    )
      .map((u) => u.id)
      .sort((a, b) => a - b);
  const operator = async () =>
    (await t.dbh.db.select().from(organisations).where(eq(organisations.kind, 'operator')).get())!.id;
  // As an English reader reads it (decision 064).
  const nameOf = async (orgId: number) => {
    const org = (await t.dbh.db.select().from(organisations).where(eq(organisations.id, orgId)).get())!;
    return org.nameEn || org.name;
  };
  const choicesFor = async (ids: number[], role: Parameters<TestApp['tokenFor']>[0] = ROLE.companyAdmin) => {
    const res = await t.call(workOrderEndpoints.technicians, {
      token: await t.tokenFor(role),
      query: { ids: ids.join(',') },
    });
    expect(res.status, res.message).toBe('200');
    return res.data as TechnicianChoices;
  };

  beforeAll(async () => {
    t = await createTestApp();
    m = await machinesOf(t.dbh);
  });
  afterAll(() => t.dbh.close());

  it("offers the machine owner's and the operator's technicians, never another company's", async () => {
    const own = (await create(t, orderFor(m.own))).data.id;
    const foreignTechs = await technicianIdsOf([m.foreign.orgId]);
    expect(foreignTechs.length).toBeGreaterThan(0);
    const choices = await choicesFor([own]);
    const offered = choices.list.map((c) => c.id).sort((a, b) => a - b);
    expect(offered).toEqual(await technicianIdsOf([m.lessor, await operator()]));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.some((id) => foreignTechs.includes(id))).toBe(false);
    expect(choices.none).toBeNull();
    // Every one offered is accepted by the assign action.
    for (const assigneeId of offered) {
      const res = await t.call(workOrderEndpoints.assign, {
        token: await t.tokenFor(ROLE.companyAdmin),
        body: { ids: [own], assigneeId },
      });
      expect(res.status, res.message).toBe('200');
    }
  });

  it('says why when nobody can: no technician of the owner, or orders of several owners', async () => {
    const own = (await create(t, orderFor(m.own))).data.id;
    const foreign = (await create(t, orderFor(m.foreign), ROLE.companyAdmin)).data.id;
    const operatorTechs = await technicianIdsOf([await operator()]);
    const lessorTechs = await technicianIdsOf([m.lessor]);
    const disable = (ids: number[], disabled: boolean) =>
      t.dbh.db.update(users).set({ disabled }).where(inArray(users.id, ids)).run();
    await disable(operatorTechs, true);
    try {
      const mixed = await choicesFor([own, foreign]);
      expect(mixed).toEqual({
        list: [],
        none: { reason: 'mixedOwners', owners: [await nameOf(m.lessor), await nameOf(m.foreign.orgId)] },
      });
      await disable(lessorTechs, true);
      expect(await choicesFor([own])).toEqual({
        list: [],
        none: { reason: 'noTechnician', owners: [await nameOf(m.lessor)] },
      });
    } finally {
      await disable([...operatorTechs, ...lessorTechs], false);
    }
    // Orders the user does not see are not found, as for the assign action.
    const res = await t.call(workOrderEndpoints.technicians, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { ids: String(foreign) },
    });
    expect(res.status).toBe('404');
  });
});
