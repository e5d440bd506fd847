import { and, asc, eq, isNull } from 'drizzle-orm';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import type { InspectionState, ItemResult } from '@console/contract/codes/quality';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import type { Db } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { devices } from '../schema/devices.ts';
import { qualityInspectionItems, qualityInspections, qualityPlanItems } from '../schema/quality.ts';
import { createUser, demoAccount, GLOBAL_DEMO_AREA_CODE, type DemoOrganisations } from './accounts.ts';
import { auMobile, digitsOf } from './identities.ts';
import { sheetOf, type SheetItem } from '@console/contract/codes/quality-sheets';
import { forEachInOrder } from '../in-order.ts';
import { qualityInspectionNumber } from '../doc-numbers.ts';

type Lang = 'zh' | 'en';

const BRANDS: [string, Lang][] = [
  ['zjcloud', 'zh'],
  ['jd', 'zh'],
  ['liftgo', 'en'],
];

/**
 * The platform's inspectors at its Sydney service centre, who test the global brand's machines (Northwind's): the
 * records its English readers get name people of their own country.
 */
export const SYDNEY_INSPECTORS = [
  { name: 'Ryan Fraser', roleId: ROLE.companyEmployee },
  { name: 'Priya Singh', roleId: ROLE.companyAdmin },
] as const;

/** Where the test bench is when a machine's position is fixed: Shanghai, or Parramatta for the global brand. */
const BENCH_POSITION: Record<Lang, string> = { zh: '31.23041, 121.47370', en: '-33.81502, 151.00108' };

/** A realistic measured value for a passing or failing item. */
function measured(item: SheetItem, pass: boolean, lang: Lang): { value: string; note: string } {
  const { check, min, max } = item;
  if (check === 'manual') {
    if (pass) return { value: '', note: '' };
    return { value: '', note: lang === 'zh' ? '试验未通过，已送返工' : 'Failed the test, sent to rework' };
  }
  if (check === 'reporting') return { value: pass ? '8 s' : '95 s', note: '' };
  if (check === 'positionFixed') return { value: pass ? BENCH_POSITION[lang] : '', note: '' };
  if (check === 'noFaults') return { value: pass ? '' : 'E01', note: '' };
  if (check === 'unlocked') return { value: pass ? 'unlocked' : 'lock1', note: '' };
  if (min !== undefined && max !== undefined) return { value: String(pass ? (min + max) / 2 : max + 5), note: '' };
  if (min !== undefined)
    return { value: String(pass ? Math.round((min * 1.08 + 0.5) * 10) / 10 : min * 0.9), note: '' };
  return { value: String(pass ? Math.round(max! * 0.4 * 10) / 10 : Math.round(max! * 1.3 * 10) / 10), note: '' };
}

/**
 * Test plans for every kind under each brand (in its language), and the platform's inspections of the lessors'
 * machines over the last six months in every state (decision 055): first passes, failures reworked and passed on
 * retest, a failure waiting for its retest, inspections in progress half judged, one cancelled. No faker.
 */
export async function seedQuality(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const userOf = async (roleId: RoleId) =>
    (await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, demoAccount(roleId)))
      .get())!.id;
  const inspectors = [await userOf(ROLE.companyEmployee), await userOf(ROLE.companyAdmin)];
  const sydney: number[] = [];
  for (const { name, roleId } of SYDNEY_INSPECTORS) {
    const person = await createUser(db, {
      orgId: orgs.operator,
      mobile: auMobile(digitsOf(`inspector ${name}`)),
      areaCode: GLOBAL_DEMO_AREA_CODE,
      roleId,
      nickname: name.split(' ')[0]!,
      name,
      // They sign in with their own passwords, as the other colleagues do: not demo accounts.
      password: `Bench-${digitsOf(name)}`,
    });
    sydney.push(person.id);
  }
  const inspectorsOf: Record<Lang, number[]> = { zh: inspectors, en: sydney };
  for (const [appid, lang] of BRANDS) {
    for (const kind of MACHINE_KINDS) {
      await forEachInOrder(sheetOf(kind), ({ zh, en, check, reading, min, max }, position) =>
        db
          .insert(qualityPlanItems)
          .values({
            orgId: orgs.operator,
            appid,
            kind,
            position,
            title: lang === 'zh' ? zh : en,
            check,
            reading: reading ?? null,
            min: min ?? null,
            max: max ?? null,
            updatedBy: inspectorsOf[lang][1]!,
            updatedAt: new Date(now - 200 * 86_400_000),
          })
          .run(),
      );
    }
  }

  const DAY = 86_400_000;
  let sequence = 0;
  const inspect = async (
    device: typeof devices.$inferSelect,
    lang: Lang,
    state: InspectionState,
    startedAt: number,
    options: { previousId?: number | null; failing?: number[]; judgedUpTo?: number; remark?: string } = {},
  ): Promise<number> => {
    const items = sheetOf(device.kind);
    const finished = state !== 'inProgress';
    const reason = options.previousId ? 'retest' : sequence % 5 === 4 ? 'afterRepair' : 'newBuild';
    const inspectorId = inspectorsOf[lang][sequence++ % 2]!;
    const row = await db
      .insert(qualityInspections)
      .values({
        orgId: device.orgId,
        deviceId: device.id,
        kind: device.kind,
        modelId: device.modelId,
        reason,
        state,
        previousId: options.previousId ?? null,
        inspectorId,
        remark: options.remark ?? '',
        startedAt: new Date(startedAt),
        finishedAt: finished ? new Date(startedAt + 2 * 3600_000) : null,
        finishedBy: finished ? inspectorId : null,
        // A retested inspection was sent to its retest the day after it failed.
        retestedBy: state === 'retested' ? inspectorId : null,
        retestedAt: state === 'retested' ? new Date(startedAt + DAY) : null,
      })
      .returning({ id: qualityInspections.id })
      .get();
    // Numbered as the server numbers an inspection it starts: on the day of the machine's organisation.
    await db
      .update(qualityInspections)
      .set({ number: await qualityInspectionNumber(db, row.id, device.orgId, startedAt) })
      .where(eq(qualityInspections.id, row.id))
      .run();
    await forEachInOrder(items, async (item, position) => {
      const judged = state !== 'cancelled' && position < (options.judgedUpTo ?? items.length);
      const result: ItemResult | null = judged ? (options.failing?.includes(position) ? 'fail' : 'pass') : null;
      const { value, note } = result ? measured(item, result === 'pass', lang) : { value: '', note: '' };
      await db
        .insert(qualityInspectionItems)
        .values({
          inspectionId: row.id,
          position,
          title: lang === 'zh' ? item.zh : item.en,
          check: item.check,
          reading: item.reading ?? null,
          min: item.min ?? null,
          max: item.max ?? null,
          result,
          value,
          note,
          judgedBy: result && item.check === 'manual' ? inspectorId : null,
          judgedAt: result ? new Date(startedAt + (position + 1) * 300_000) : null,
        })
        .run();
    });
    return row.id;
  };

  await forEachInOrder(orgs.lessors, async (lessor, l) => {
    const lang: Lang = l === 2 ? 'en' : 'zh';
    const fleet = await db
      .select()
      .from(devices)
      .where(and(eq(devices.orgId, lessor), isNull(devices.customerOrgId)))
      .orderBy(asc(devices.id))
      .limit(24)
      .all();
    await forEachInOrder(fleet, async (device, i) => {
      // Spread over six months, a few days apart, the oldest first.
      const startedAt = now - (180 - i * 7 - l * 2) * DAY;
      const manualAt = sheetOf(device.kind).findIndex((it) => it.check === 'manual');
      if (i % 6 === 1) {
        // Failed a manual test, reworked, passed on retest.
        const failed = await inspect(device, lang, 'retested', startedAt, { failing: [manualAt] });
        await inspect(device, lang, 'passed', startedAt + 3 * DAY, { previousId: failed });
      } else if (i % 6 === 3) {
        // Failed on a reading; the retest failed once more before the pass.
        const first = await inspect(device, lang, 'retested', startedAt, { failing: [4] });
        const second = await inspect(device, lang, 'retested', startedAt + 2 * DAY, {
          previousId: first,
          failing: [4],
        });
        await inspect(device, lang, 'passed', startedAt + 5 * DAY, { previousId: second });
      } else if (i === 20) {
        // Failed this week: in rework, waiting for its retest.
        await inspect(device, lang, 'failed', now - 2 * DAY, { failing: [2, manualAt] });
      } else if (i === 21) {
        await inspect(device, lang, 'cancelled', now - 3 * DAY, {
          remark: lang === 'zh' ? '序列号录入错误，重新开始' : 'Wrong serial entered, started again',
        });
        await inspect(device, lang, 'passed', now - 3 * DAY + 3600_000);
      } else if (i >= 22) {
        // On the test bench now: the first items judged, the rest waiting.
        await inspect(device, lang, 'inProgress', now - (i - 21) * 3600_000, { judgedUpTo: 3 + (i - 22) * 2 });
      } else {
        await inspect(device, lang, 'passed', startedAt);
      }
    });
  });
}
