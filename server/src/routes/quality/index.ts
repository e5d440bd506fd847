import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import {
  FINISHED_STATES,
  INSPECTION_ACTIONS,
  inspectionAllows,
  isAutomatic,
  resultOf,
  unitOf,
  type InspectionAction,
  type Reading,
} from '@console/contract/codes/quality';
import { qualityEndpoints as api } from '@console/contract/http/quality';
import { deviceModels, devices } from '@console/db/schema/devices';
import { qualityInspectionItems, qualityInspections, qualityPlanItems } from '@console/db/schema/quality';
import type { ScopedData, ScopedWrite } from '../../lib/data.ts';
import { conflict, invalidField, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { userNames } from '../../lib/maintenance.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { keywordIn } from '../../lib/search.ts';
import { orgTimeZone } from '../../lib/org-day.ts';
import { qualityInspectionNumber } from '@console/db/doc-numbers';
import { formatInZone, startOfDayInZone } from '../../lib/time.ts';
import { documentLocale, documentTime } from '../../lease/pdf/zone-time.ts';
import { requestBrand } from '../brand.ts';
import { certificatePdf } from './certificate.ts';
import {
  evaluate,
  inspectionOf,
  inspectionsWith,
  isInspector,
  itemsOf,
  presentInspections,
  retestOf,
} from './inspect.ts';
import { overview } from './overview.ts';
import { viewerZone } from '../analysis/index.ts';
import { nameInSql } from '../../lib/org-brand.ts';
import { forEachInOrder } from '@console/db/in-order';

const DAY_MS = 86_400_000;

/** The plan items of a brand, kept by the user's organisations (the platform's). */
function planOf(data: ScopedData, appid: string) {
  return data
    .select()
    .from(qualityPlanItems, data.orgScope(qualityPlanItems.orgId))
    .where(eq(qualityPlanItems.appid, appid))
    .orderBy(asc(qualityPlanItems.kind), asc(qualityPlanItems.position))
    .all();
}

/** Refuse a move the inspection's state does not allow (someone else moved it first). */
function assertAllows(action: InspectionAction, state: string) {
  if (!inspectionAllows(action, state)) throw conflict('quality.stateChanged');
}

/** Open an inspection of a machine against the plan, judged at once; answers its id. */
async function open(
  tx: ScopedWrite,
  values: {
    device: { id: number; orgId: number; kind: typeof devices.$inferSelect.kind; modelId: number };
    plan: (typeof qualityPlanItems.$inferSelect)[];
    reason: 'newBuild' | 'afterRepair' | 'retest';
    previousId: number | null;
    inspectorId: number;
    remark: string;
    now: number;
  },
): Promise<number> {
  const { device, plan, now } = values;
  const busy = await tx
    .select({ id: qualityInspections.id })
    .from(qualityInspections, tx.orgScope(qualityInspections.orgId))
    .where(and(eq(qualityInspections.deviceId, device.id), eq(qualityInspections.state, 'inProgress')))
    .get();
  if (busy) throw invalidField('serialNumber', 'quality.alreadyInProgress');
  const row = await tx
    .insert(qualityInspections)
    .values({
      orgId: device.orgId,
      deviceId: device.id,
      kind: device.kind,
      modelId: device.modelId,
      reason: values.reason,
      previousId: values.previousId,
      inspectorId: values.inspectorId,
      remark: values.remark,
      startedAt: new Date(now),
    })
    .returning()
    .get();
  // The day of the organisation whose machine it is (its calendar), as the demo seed numbers its inspections.
  const number = await qualityInspectionNumber(tx.unscoped('domainRule'), row.id, device.orgId, now);
  await tx.update(qualityInspections).set({ number }).where(eq(qualityInspections.id, row.id)).run();
  await forEachInOrder(plan, (item, position) =>
    tx
      .insert(qualityInspectionItems)
      .values({
        inspectionId: row.id,
        position,
        title: item.title,
        check: item.check,
        reading: item.reading,
        min: item.min,
        max: item.max,
      })
      .run(),
  );
  await evaluate(tx, row, now);
  return row.id;
}

const SORTS = { startedAt: qualityInspections.startedAt, finishedAt: qualityInspections.finishedAt };

export const qualityRoutes: RouteDef[] = [
  route(api.plans, async ({ data, deps, c, timeZone }) => {
    const items = await planOf(data, requestBrand(c, deps).appid);
    const names = await userNames(
      data,
      items.map((i) => i.updatedBy),
    );
    const kinds = [...new Set(items.map((i) => i.kind))];
    return {
      list: kinds.map((kind) => {
        const mine = items.filter((i) => i.kind === kind);
        const last = mine.reduce((a, b) => (a.updatedAt > b.updatedAt ? a : b));
        return {
          kind,
          items: mine.map(({ id, position, title, check, reading, min, max }) => ({
            id,
            position,
            title,
            check,
            reading: reading as Reading | null,
            min,
            max,
          })),
          updatedAt: formatInZone(last.updatedAt, timeZone),
          updatedByName: (last.updatedBy && names.get(last.updatedBy)) || '',
        };
      }),
    };
  }),

  route(api.savePlan, async ({ body, user, data, deps, c }) => {
    const appid = requestBrand(c, deps).appid;
    const now = new Date(deps.now());
    await data.write(async (tx) => {
      const old = await tx
        .select({ id: qualityPlanItems.id })
        .from(qualityPlanItems, tx.orgScope(qualityPlanItems.orgId))
        .where(and(eq(qualityPlanItems.appid, appid), eq(qualityPlanItems.kind, body.kind)))
        .all();
      if (old.length > 0)
        await tx
          .delete(qualityPlanItems)
          .where(
            inArray(
              qualityPlanItems.id,
              old.map((o) => o.id),
            ),
          )
          .run();
      await forEachInOrder(body.items, (item, position) =>
        tx
          .insert(qualityPlanItems)
          .values({
            orgId: user.orgId,
            appid,
            kind: body.kind,
            position,
            title: item.title,
            check: item.check,
            // Only a reading has a reading and a range.
            reading: item.check === 'reading' ? item.reading : null,
            min: item.check === 'reading' ? item.min : null,
            max: item.check === 'reading' ? item.max : null,
            updatedBy: user.id,
            updatedAt: now,
          })
          .run(),
      );
    });
    return { items: body.items.length };
  }),

  route(api.options, async ({ data, user }) => {
    const ids = await data
      .selectDistinct({ modelId: qualityInspections.modelId, inspectorId: qualityInspections.inspectorId })
      .from(qualityInspections, data.orgScope(qualityInspections.orgId))
      .all();
    const modelIds = [...new Set(ids.map((i) => i.modelId))];
    const models =
      modelIds.length === 0
        ? []
        : await data
            .unscoped('referencedNames')
            .select({ id: deviceModels.id, name: nameInSql(deviceModels, data.lang), kind: deviceModels.category })
            .from(deviceModels)
            .where(inArray(deviceModels.id, modelIds))
            .orderBy(asc(nameInSql(deviceModels, data.lang)))
            .all();
    // A rental company filters its history by model; the inspectors' names are the platform's people.
    const names = isInspector(user.roleId)
      ? await userNames(
          data,
          ids.map((i) => i.inspectorId),
        )
      : new Map<number, string>();
    return {
      models,
      inspectors: [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    };
  }),

  route(api.list, async ({ query, user, data, timeZone }) => {
    const fromAt = query.from ? startOfDayInZone(query.from, timeZone) : undefined;
    const toAt = query.to ? startOfDayInZone(query.to, timeZone) + DAY_MS : undefined;
    const finished = query.stage === 'finished';
    const at = finished ? qualityInspections.finishedAt : qualityInspections.startedAt;
    const where = and(
      query.stage === 'open' ? eq(qualityInspections.state, 'inProgress') : undefined,
      finished ? inArray(qualityInspections.state, [...FINISHED_STATES]) : undefined,
      query.state ? eq(qualityInspections.state, query.state) : undefined,
      query.kind ? eq(qualityInspections.kind, query.kind) : undefined,
      query.modelId ? eq(qualityInspections.modelId, query.modelId) : undefined,
      query.inspectorId ? eq(qualityInspections.inspectorId, query.inspectorId) : undefined,
      fromAt !== undefined ? gte(at, new Date(fromAt)) : undefined,
      toAt !== undefined ? lt(at, new Date(toAt)) : undefined,
      keywordIn(
        data.dialect,
        [qualityInspections.number, devices.serialNumber, deviceModels.name, deviceModels.nameZh, deviceModels.nameEn],
        query.keyword,
      ),
    );
    const rows = inspectionsWith(data, user.roleId).where(where).$dynamic();
    const order = listOrder(query, SORTS, qualityInspections.id, [
      desc(finished ? qualityInspections.finishedAt : qualityInspections.startedAt),
      desc(qualityInspections.id),
    ]);
    const { rows: page, ...paging } = await listPage(data, query, rows, order);
    return { list: await presentInspections(data, page, timeZone), ...paging };
  }),

  route(api.detail, async ({ query, user, data, timeZone }) => {
    const row = await inspectionOf(data, user.roleId, query.id);
    const [listed] = await presentInspections(
      data,
      await inspectionsWith(data, user.roleId).where(eq(qualityInspections.id, row.id)).all(),
      timeZone,
    );
    const items = await itemsOf(data, row.id);
    const names = await userNames(
      data,
      items.map((i) => i.judgedBy),
    );
    const inspector = isInspector(user.roleId);
    return {
      inspection: listed!,
      items: items.map((i) => ({
        id: i.id,
        position: i.position,
        title: i.title,
        check: i.check,
        reading: i.reading,
        unit: i.reading ? unitOf(row.kind, i.reading) : '',
        min: i.min,
        max: i.max,
        result: i.result,
        value: i.value,
        note: i.note,
        judgedAt: i.judgedAt ? formatInZone(i.judgedAt, timeZone) : '',
        judgedByName: (i.judgedBy && names.get(i.judgedBy)) || '',
      })),
      retestId: await retestOf(data, row.id),
      actions: inspector ? INSPECTION_ACTIONS.filter((a) => inspectionAllows(a, row.state)) : [],
    };
  }),

  route(api.start, async ({ body, user, data, deps, c }) => {
    const appid = requestBrand(c, deps).appid;
    const id = await data.write(async (tx) => {
      const device = await tx
        .select({ id: devices.id, orgId: devices.orgId, kind: devices.kind, modelId: devices.modelId })
        .from(devices, tx.deviceScope())
        .where(eq(devices.serialNumber, body.serialNumber))
        .get();
      if (!device) throw invalidField('serialNumber', 'quality.unknownSerial');
      const plan = (await planOf(tx, appid)).filter((i) => i.kind === device.kind);
      if (plan.length === 0) throw invalidField('serialNumber', 'quality.noPlan');
      return open(tx, {
        device,
        plan,
        reason: body.reason,
        previousId: null,
        inspectorId: user.id,
        remark: body.remark,
        now: deps.now(),
      });
    });
    return { id };
  }),

  route(api.evaluate, async ({ body, user, data, deps }) => {
    await data.write(async (tx) => {
      const row = await inspectionOf(tx, user.roleId, body.id);
      assertAllows('record', row.state);
      await evaluate(tx, row, deps.now());
    });
    return { id: body.id };
  }),

  route(api.record, async ({ body, user, data, deps }) => {
    await data.write(async (tx) => {
      const row = await inspectionOf(tx, user.roleId, body.id);
      assertAllows('record', row.state);
      const item = (await itemsOf(tx, row.id)).find((i) => i.id === body.itemId);
      if (!item) throw notFound();
      if (isAutomatic(item.check)) throw invalidField('result', 'quality.notManual');
      await tx
        .update(qualityInspectionItems)
        .set({ result: body.result, note: body.note, judgedBy: user.id, judgedAt: new Date(deps.now()) })
        .where(eq(qualityInspectionItems.id, item.id))
        .run();
    });
    return { id: body.id };
  }),

  route(api.complete, async ({ body, user, data, deps }) => {
    const state = await data.write(async (tx) => {
      const row = await inspectionOf(tx, user.roleId, body.id);
      assertAllows('complete', row.state);
      // The automatic items as the machine reports now, so a pass rests on a fresh judgement.
      await evaluate(tx, row, deps.now());
      const results = (await itemsOf(tx, row.id)).map((i) => i.result);
      if (results.some((r) => r === null)) throw conflict('quality.unjudged');
      const next = resultOf(results);
      await tx
        .update(qualityInspections)
        .set({ state: next, finishedAt: new Date(deps.now()), finishedBy: user.id })
        .where(eq(qualityInspections.id, row.id))
        .run();
      return next;
    });
    return { id: body.id, state };
  }),

  route(api.retest, async ({ body, user, data, deps, c }) => {
    const appid = requestBrand(c, deps).appid;
    const id = await data.write(async (tx) => {
      const row = await inspectionOf(tx, user.roleId, body.id);
      assertAllows('retest', row.state);
      await tx
        .update(qualityInspections)
        .set({ state: 'retested', retestedBy: user.id, retestedAt: new Date(deps.now()) })
        .where(eq(qualityInspections.id, row.id))
        .run();
      const device = await tx
        .select({ id: devices.id, orgId: devices.orgId, kind: devices.kind, modelId: devices.modelId })
        .from(devices, tx.deviceScope())
        .where(eq(devices.id, row.deviceId))
        .get();
      if (!device) throw notFound();
      const plan = (await planOf(tx, appid)).filter((i) => i.kind === device.kind);
      if (plan.length === 0) throw conflict('quality.noPlan');
      return open(tx, {
        device,
        plan,
        reason: 'retest',
        previousId: row.id,
        inspectorId: user.id,
        remark: body.remark,
        now: deps.now(),
      });
    });
    return { id };
  }),

  route(api.cancel, async ({ body, user, data, deps }) => {
    await data.write(async (tx) => {
      const row = await inspectionOf(tx, user.roleId, body.id);
      assertAllows('cancel', row.state);
      await tx
        .update(qualityInspections)
        .set({ state: 'cancelled', finishedAt: new Date(deps.now()), finishedBy: user.id, remark: body.remark })
        .where(eq(qualityInspections.id, row.id))
        .run();
    });
    return { id: body.id };
  }),

  route(api.certificate, async ({ query, user, data, lang, deps, c }) => {
    const row = await inspectionOf(data, user.roleId, query.id);
    if (row.state !== 'passed') throw conflict('quality.notPassed');
    // A document keeps the owning company's clock, whoever reads it from wherever: the same certificate prints the
    // same times (as the contract does, decision 026's "the organisation's day").
    const zone = await orgTimeZone(data.unscoped('domainRule'), row.orgId);
    const [listed] = await presentInspections(
      data,
      await inspectionsWith(data, user.roleId).where(eq(qualityInspections.id, row.id)).all(),
      zone,
    );
    const certificateLang = lang === 'en_US' ? 'en' : 'zh';
    const brand = requestBrand(c, deps).info;
    const bytes = await certificatePdf({
      lang: certificateLang,
      maker: brand.company,
      inspection: listed!,
      items: (await itemsOf(data, row.id)).map((i) => ({
        ...i,
        unit: i.reading ? unitOf(row.kind, i.reading) : '',
      })),
      issuedAt: documentTime(new Date(deps.now()), zone, documentLocale(certificateLang, brand.money.locale)),
    });
    return {
      fileName: `${listed!.number}-certificate.pdf`,
      mimeType: 'application/pdf',
      content: Buffer.from(bytes).toString('base64'),
    };
  }),

  // Months in the viewer's organisation's calendar, the same wherever the browser is (decision 026).
  route(api.overview, async ({ query, data, user, deps }) =>
    overview(data, query, await viewerZone(data, user), deps.now()),
  ),
];
