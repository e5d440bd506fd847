import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { FINISHED_STATES } from '@console/contract/codes/quality';
import type { DataOf } from '@console/contract/http/endpoint';
import type { qualityEndpoints } from '@console/contract/http/quality';
import { deviceModels } from '@console/db/schema/devices';
import { qualityInspectionItems, qualityInspections } from '@console/db/schema/quality';
import type { ScopedData } from '../../lib/data.ts';
import { dayInZone, startOfDayInZone } from '../../lib/time.ts';
import { addDaysToDay } from '@console/contract/http/upkeep';
import { sheetItemOf } from '@console/contract/codes/quality-sheets';
import { nameInSql, type ReaderLang } from '../../lib/org-brand.ts';

type Overview = DataOf<typeof qualityEndpoints.overview>;
type Rate = { finished: number; passed: number; firstFinished: number; firstPassed: number };

const DAY_MS = 86_400_000;
/** The items failing most that the overview names. */
const TOP_FAILING = 10;

const empty = (): Rate => ({ finished: 0, passed: 0, firstFinished: 0, firstPassed: 0 });

type Failing = Overview['topFailing'][number];

/**
 * The items failing most, one row per check item in the reader's language. An inspection keeps each item under the
 * title its plan had, in its brand's language, so the same check is kept under a Chinese and an English title: an
 * item of the standard sheets (`sheetItemOf`) counts under its key and reads in the reader's language; an item in a
 * plan editor's own words under its title. Rows a reader could not tell apart (the same name and check) are one.
 */
function mostFailing(rows: (Failing & { reading: string | null })[], lang: ReaderLang): Failing[] {
  const items = new Map<string, Failing>();
  for (const { title, check, reading, failures } of rows) {
    const standard = sheetItemOf(title, check, reading);
    const name = standard ? standard[lang] : title;
    const key = `${check}\u0000${name}`;
    const item = items.get(key) ?? { title: name, check, failures: 0 };
    item.failures += failures;
    items.set(key, item);
  }
  return [...items.values()]
    .sort((a, b) => b.failures - a.failures || a.title.localeCompare(b.title, lang))
    .slice(0, TOP_FAILING);
}

/**
 * First-pass yield (machines passing their first inspection, of those whose first inspection finished) and pass rate
 * (passed of every finished inspection), by month finished and by model; the items failing most. Without a range:
 * the last twelve months, this one included.
 */
export async function overview(
  data: ScopedData,
  query: { from?: string | undefined; to?: string | undefined; kind?: MachineKind | undefined },
  timeZone: string,
  now: number,
): Promise<Overview> {
  const today = dayInZone(now, timeZone);
  const to = query.to || today;
  const from = query.from || `${addDaysToDay(`${today.slice(0, 7)}-01`, -334).slice(0, 7)}-01`;
  const within = and(
    inArray(qualityInspections.state, [...FINISHED_STATES]),
    gte(qualityInspections.finishedAt, new Date(startOfDayInZone(from, timeZone))),
    lt(qualityInspections.finishedAt, new Date(startOfDayInZone(to, timeZone) + DAY_MS)),
    query.kind ? eq(qualityInspections.kind, query.kind) : undefined,
  );
  const scope = data.orgScope(qualityInspections.orgId);
  const finished = await data
    .select({
      id: qualityInspections.id,
      state: qualityInspections.state,
      previousId: qualityInspections.previousId,
      modelId: qualityInspections.modelId,
      modelName: nameInSql(deviceModels, data.lang),
      finishedAt: qualityInspections.finishedAt,
    })
    .from(qualityInspections, scope)
    .leftJoin(deviceModels, eq(deviceModels.id, qualityInspections.modelId))
    .where(within)
    .all();
  const totals = empty();
  const months = new Map<string, Rate>();
  const models = new Map<number, Rate & { modelName: string }>();
  for (const row of finished) {
    const month = dayInZone(row.finishedAt!, timeZone).slice(0, 7);
    const byMonth = months.get(month) ?? empty();
    months.set(month, byMonth);
    const byModel = models.get(row.modelId) ?? { ...empty(), modelName: row.modelName };
    models.set(row.modelId, byModel);
    for (const rate of [totals, byMonth, byModel]) {
      const passed = row.state === 'passed';
      rate.finished += 1;
      rate.passed += passed ? 1 : 0;
      if (row.previousId === null) {
        rate.firstFinished += 1;
        rate.firstPassed += passed ? 1 : 0;
      }
    }
  }
  const failing = await data
    .select({
      title: qualityInspectionItems.title,
      check: qualityInspectionItems.check,
      reading: qualityInspectionItems.reading,
      failures: sql<number>`count(*)`,
    })
    .from(
      qualityInspectionItems,
      data.within(
        qualityInspectionItems.inspectionId,
        data.select({ id: qualityInspections.id }).from(qualityInspections, scope).where(within),
      ),
    )
    .where(eq(qualityInspectionItems.result, 'fail'))
    .groupBy(qualityInspectionItems.title, qualityInspectionItems.check, qualityInspectionItems.reading)
    .all();
  const inProgress = await data.count(
    data
      .select({ id: qualityInspections.id })
      .from(qualityInspections, scope)
      .where(
        and(
          eq(qualityInspections.state, 'inProgress'),
          query.kind ? eq(qualityInspections.kind, query.kind) : undefined,
        ),
      ),
  );
  return {
    totals: { ...totals, inProgress },
    months: [...months].map(([month, rate]) => ({ month, ...rate })).sort((a, b) => a.month.localeCompare(b.month)),
    models: [...models]
      .map(([modelId, rate]) => ({ modelId, ...rate }))
      .sort((a, b) => b.finished - a.finished || a.modelName.localeCompare(b.modelName)),
    topFailing: mostFailing(failing, data.lang),
  };
}
