import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { nameInSql } from '../../lib/org-brand.ts';
import {
  CONDITION_FIELD_TYPES,
  SELECT_OPS,
  definitionAllows,
  type DefinitionState,
} from '@console/contract/codes/processes';
import { processEndpoints, type FormFieldDecl, type NodeDecl } from '@console/contract/http/processes';
import { organisations } from '@console/db/schema/accounts';
import { processDefinitions, processForms, processInstances, processModels } from '@console/db/schema/processes';
import type { ScopedData } from '../../lib/data.ts';
import { conflict, invalidField, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { userNames } from '../../lib/maintenance.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { keywordIn } from '../../lib/search.ts';
import { formatInZone } from '../../lib/time.ts';
import { orgNames, PUBLISHABLE_KINDS, workingPeople } from './people.ts';

type FormRow = typeof processForms.$inferSelect;
type ModelRow = typeof processModels.$inferSelect;
type DefinitionRow = typeof processDefinitions.$inferSelect;

/** Refuse an organisation the maintainer may not publish to (outside its scope, or a customer or distributor). */
async function assertPublishable(data: ScopedData, orgId: number) {
  const org = await data
    .select({ id: organisations.id })
    .from(organisations, data.orgScope(organisations.id))
    .where(and(eq(organisations.id, orgId), inArray(organisations.kind, [...PUBLISHABLE_KINDS])))
    .get();
  if (!org) throw invalidField('orgId', 'error.forbidden');
}

async function ownForm(data: ScopedData, id: number): Promise<FormRow> {
  const row = await data
    .select()
    .from(processForms, data.orgScope(processForms.orgId))
    .where(eq(processForms.id, id))
    .get();
  if (!row) throw notFound();
  return row;
}

async function ownModel(data: ScopedData, id: number): Promise<ModelRow> {
  const row = await data
    .select()
    .from(processModels, data.orgScope(processModels.orgId))
    .where(eq(processModels.id, id))
    .get();
  if (!row) throw notFound();
  return row;
}

export async function ownDefinition(data: ScopedData, id: number): Promise<DefinitionRow> {
  const row = await data
    .select()
    .from(processDefinitions, data.orgScope(processDefinitions.orgId))
    .where(eq(processDefinitions.id, id))
    .get();
  if (!row) throw notFound();
  return row;
}

/** The model's form, which must belong to the model's organisation. */
async function formOf(data: ScopedData, formId: number, orgId: number): Promise<FormRow> {
  const form = await data
    .select()
    .from(processForms, data.orgScope(processForms.orgId))
    .where(and(eq(processForms.id, formId), eq(processForms.orgId, orgId)))
    .get();
  if (!form) throw invalidField('formId', 'processes.formOutside');
  return form;
}

/**
 * The designer's rules beyond the shape: a condition tests a number, amount or select field of the model's form with
 * a value of its kind (a select's value among its options, compared for equality); the people named are working
 * staff of the model's organisation.
 */
export async function checkDesign(data: ScopedData, nodes: NodeDecl[], fields: FormFieldDecl[], orgId: number) {
  const people = new Set((await workingPeople(data, orgId)).map((p) => p.id));
  nodes.forEach((node, i) => {
    if (node.conditionField) {
      const field = fields.find((f) => f.key === node.conditionField);
      if (!field || !CONDITION_FIELD_TYPES.includes(field.type))
        throw invalidField(`nodes.${i}.conditionField`, 'processes.conditionField');
      const value = node.conditionValue;
      const fits =
        field.type === 'select'
          ? typeof value === 'string' && field.options.includes(value) && SELECT_OPS.includes(node.conditionOp!)
          : typeof value === 'number' && (field.type !== 'money' || Number.isInteger(value));
      if (!fits) throw invalidField(`nodes.${i}.conditionValue`, 'processes.conditionValue');
    }
    if (node.assigneeKind === 'user' && node.userIds.some((id) => !people.has(id)))
      throw invalidField(`nodes.${i}.userIds`, 'processes.personOutside');
    if (node.ccUserIds.some((id) => !people.has(id)))
      throw invalidField(`nodes.${i}.ccUserIds`, 'processes.personOutside');
  });
}

async function presentForms(data: ScopedData, rows: FormRow[], timeZone: string) {
  const names = await userNames(
    data,
    rows.map((r) => r.updatedBy),
  );
  const orgs = await orgNames(
    data,
    rows.map((r) => r.orgId),
  );
  const ids = rows.map((r) => r.id);
  const uses = new Map(
    ids.length === 0
      ? []
      : (
          await data
            .select({ formId: processModels.formId, n: count() })
            .from(processModels, data.orgScope(processModels.orgId))
            .where(inArray(processModels.formId, ids))
            .groupBy(processModels.formId)
            .all()
        ).map((r) => [r.formId, r.n]),
  );
  return rows.map((r) => ({
    id: r.id,
    orgId: r.orgId,
    orgName: orgs.get(r.orgId) ?? '',
    name: r.name,
    description: r.description,
    fields: r.fields,
    revision: r.revision,
    modelCount: uses.get(r.id) ?? 0,
    updatedByName: (r.updatedBy && names.get(r.updatedBy)) || '',
    updatedAt: formatInZone(r.updatedAt, timeZone),
  }));
}

async function presentModels(data: ScopedData, rows: ModelRow[], timeZone: string) {
  const names = await userNames(
    data,
    rows.map((r) => r.updatedBy),
  );
  const orgs = await orgNames(
    data,
    rows.map((r) => r.orgId),
  );
  const formIds = [...new Set(rows.map((r) => r.formId))];
  const forms = new Map(
    formIds.length === 0
      ? []
      : (
          await data
            .select({ id: processForms.id, name: processForms.name })
            .from(processForms, data.orgScope(processForms.orgId))
            .where(inArray(processForms.id, formIds))
            .all()
        ).map((f) => [f.id, f.name]),
  );
  return rows.map(({ updatedBy, updatedAt, createdAt: _c, ...r }) => ({
    ...r,
    orgName: orgs.get(r.orgId) ?? '',
    formName: forms.get(r.formId) ?? '',
    updatedByName: (updatedBy && names.get(updatedBy)) || '',
    updatedAt: formatInZone(updatedAt, timeZone),
  }));
}

export async function presentDefinitions(data: ScopedData, rows: DefinitionRow[], timeZone: string) {
  const names = await userNames(
    data,
    rows.map((r) => r.deployedBy),
  );
  const orgs = await orgNames(
    data,
    rows.map((r) => r.orgId),
  );
  const modelIds = [...new Set(rows.map((r) => r.modelId))];
  const latest = new Map(
    modelIds.length === 0
      ? []
      : (
          await data
            .select({ id: processModels.id, v: processModels.latestVersion })
            .from(processModels, data.orgScope(processModels.orgId))
            .where(inArray(processModels.id, modelIds))
            .all()
        ).map((m) => [m.id, m.v]),
  );
  const ids = rows.map((r) => r.id);
  const started = new Map(
    ids.length === 0
      ? []
      : (
          await data
            .select({ id: processInstances.definitionId, n: count() })
            .from(processInstances, data.orgScope(processInstances.orgId))
            .where(inArray(processInstances.definitionId, ids))
            .groupBy(processInstances.definitionId)
            .all()
        ).map((r) => [r.id, r.n]),
  );
  return rows.map((r) => ({
    id: r.id,
    orgId: r.orgId,
    orgName: orgs.get(r.orgId) ?? '',
    modelId: r.modelId,
    key: r.key,
    name: r.name,
    category: r.category,
    version: r.version,
    formName: r.formName,
    state: r.state,
    latest: latest.get(r.modelId) === r.version,
    instanceCount: started.get(r.id) ?? 0,
    deployedByName: (r.deployedBy && names.get(r.deployedBy)) || '',
    deployedAt: formatInZone(r.deployedAt, timeZone),
  }));
}

async function setDefinitionState(data: ScopedData, id: number, action: 'suspend' | 'activate', to: DefinitionState) {
  await data.write(async (tx) => {
    const row = await ownDefinition(tx, id);
    if (!definitionAllows(action, row.state)) throw conflict();
    await tx.update(processDefinitions).set({ state: to }).where(eq(processDefinitions.id, id)).run();
  });
  return { id };
}

export const modelRoutes: RouteDef[] = [
  route(processEndpoints.orgs, async ({ data }) => ({
    list: await data
      .select({ id: organisations.id, name: nameInSql(organisations, data.lang) })
      .from(organisations, data.orgScope(organisations.id))
      .where(inArray(organisations.kind, [...PUBLISHABLE_KINDS]))
      .orderBy(organisations.id)
      .all(),
  })),
  route(processEndpoints.people, async ({ query, data, user }) => {
    const orgId = query.orgId ?? user.orgId;
    data.assertOrg(orgId);
    return { list: await workingPeople(data, orgId) };
  }),
  route(processEndpoints.formList, async ({ query, data, timeZone }) => {
    const where = and(
      keywordIn(data.dialect, [processForms.name, processForms.description], query.keyword),
      query.orgId ? eq(processForms.orgId, query.orgId) : undefined,
    );
    const rows = data.select().from(processForms, data.orgScope(processForms.orgId)).where(where);
    const order = listOrder(query, { updatedAt: processForms.updatedAt }, processForms.id, [
      desc(processForms.updatedAt),
    ]);
    const { rows: page, ...paging } = await listPage(data, query, rows, [...order, desc(processForms.id)]);
    return { list: await presentForms(data, page, timeZone), ...paging };
  }),
  route(processEndpoints.formDetail, async ({ query, data, timeZone }) => {
    const form = (await presentForms(data, [await ownForm(data, query.id)], timeZone))[0]!;
    const models = await data
      .select()
      .from(processModels, data.orgScope(processModels.orgId))
      .where(eq(processModels.formId, query.id))
      .all();
    const definitions =
      models.length === 0
        ? []
        : await data
            .select()
            .from(processDefinitions, data.orgScope(processDefinitions.orgId))
            .where(
              inArray(
                processDefinitions.modelId,
                models.map((m) => m.id),
              ),
            )
            .orderBy(processDefinitions.key, desc(processDefinitions.version))
            .all();
    return {
      form,
      models: models.map((m) => ({
        id: m.id,
        key: m.key,
        name: m.name,
        state: m.state,
        latestVersion: m.latestVersion,
      })),
      versions: definitions.map((d) => ({ id: d.id, key: d.key, name: d.name, version: d.version, state: d.state })),
    };
  }),
  route(processEndpoints.formCreate, async ({ body, data, user, deps }) => {
    await assertPublishable(data, body.orgId);
    const row = await data.write((tx) =>
      tx
        .insert(processForms)
        .values({ ...body, updatedBy: user.id, updatedAt: new Date(deps.now()) })
        .returning({ id: processForms.id })
        .get(),
    );
    return { id: row.id };
  }),
  route(processEndpoints.formUpdate, async ({ body: { id, ...fields }, data, user, deps }) => {
    await data.write(async (tx) => {
      const form = await ownForm(tx, id);
      await tx
        .update(processForms)
        .set({ ...fields, revision: form.revision + 1, updatedBy: user.id, updatedAt: new Date(deps.now()) })
        .where(eq(processForms.id, id))
        .run();
    });
    return { id };
  }),
  route(processEndpoints.formDelete, async ({ body, data }) => {
    await data.write(async (tx) => {
      await ownForm(tx, body.id);
      const used = await tx
        .select({ id: processModels.id })
        .from(processModels, tx.orgScope(processModels.orgId))
        .where(eq(processModels.formId, body.id))
        .get();
      if (used) throw conflict('processes.formInUse');
      await tx.delete(processForms).where(eq(processForms.id, body.id)).run();
    });
    return { id: body.id };
  }),
  route(processEndpoints.modelList, async ({ query, data, timeZone }) => {
    const where = and(
      keywordIn(data.dialect, [processModels.name, processModels.key], query.keyword),
      query.category ? eq(processModels.category, query.category) : undefined,
      query.state ? eq(processModels.state, query.state) : undefined,
      query.orgId ? eq(processModels.orgId, query.orgId) : undefined,
    );
    const rows = data.select().from(processModels, data.orgScope(processModels.orgId)).where(where);
    const order = listOrder(query, { updatedAt: processModels.updatedAt, name: processModels.name }, processModels.id, [
      desc(processModels.updatedAt),
    ]);
    const { rows: page, ...paging } = await listPage(data, query, rows, [...order, desc(processModels.id)]);
    return { list: await presentModels(data, page, timeZone), ...paging };
  }),
  route(processEndpoints.modelDetail, async ({ query, data, timeZone }) => {
    const model = await ownModel(data, query.id);
    const form = await data
      .select()
      .from(processForms, data.orgScope(processForms.orgId))
      .where(eq(processForms.id, model.formId))
      .get();
    const versions = await data
      .select()
      .from(processDefinitions, data.orgScope(processDefinitions.orgId))
      .where(eq(processDefinitions.modelId, model.id))
      .orderBy(desc(processDefinitions.version))
      .all();
    return {
      model: (await presentModels(data, [model], timeZone))[0]!,
      fields: form?.fields ?? [],
      versions: await presentDefinitions(data, versions, timeZone),
    };
  }),
  route(processEndpoints.modelCreate, async ({ body, data, user, deps }) => {
    await assertPublishable(data, body.orgId);
    const row = await data.write(async (tx) => {
      await formOf(tx, body.formId, body.orgId);
      const taken = await tx
        .select({ id: processModels.id })
        .from(processModels, tx.orgScope(processModels.orgId))
        .where(and(eq(processModels.orgId, body.orgId), eq(processModels.key, body.key)))
        .get();
      if (taken) throw invalidField('key', 'processes.keyTaken');
      return tx
        .insert(processModels)
        .values({ ...body, nodes: [], updatedBy: user.id, updatedAt: new Date(deps.now()) })
        .returning({ id: processModels.id })
        .get();
    });
    return { id: row.id };
  }),
  route(processEndpoints.modelUpdate, async ({ body: { id, ...fields }, data, user, deps }) => {
    await data.write(async (tx) => {
      const model = await ownModel(tx, id);
      const form = await formOf(tx, fields.formId, model.orgId);
      // Another form may lack the fields the nodes' conditions test.
      if (fields.formId !== model.formId) await checkDesign(tx, model.nodes, form.fields, model.orgId);
      await tx
        .update(processModels)
        .set({ ...fields, state: 'draft', updatedBy: user.id, updatedAt: new Date(deps.now()) })
        .where(eq(processModels.id, id))
        .run();
    });
    return { id };
  }),
  route(processEndpoints.modelDesign, async ({ body, data, user, deps }) => {
    await data.write(async (tx) => {
      const model = await ownModel(tx, body.id);
      await checkDesign(tx, body.nodes, (await formOf(tx, model.formId, model.orgId)).fields, model.orgId);
      await tx
        .update(processModels)
        .set({ nodes: body.nodes, state: 'draft', updatedBy: user.id, updatedAt: new Date(deps.now()) })
        .where(eq(processModels.id, body.id))
        .run();
    });
    return { id: body.id };
  }),
  route(processEndpoints.modelDelete, async ({ body, data }) => {
    await data.write(async (tx) => {
      const model = await ownModel(tx, body.id);
      if (model.latestVersion > 0) throw conflict('processes.modelDeployed');
      await tx.delete(processModels).where(eq(processModels.id, body.id)).run();
    });
    return { id: body.id };
  }),
  route(processEndpoints.modelDeploy, ({ body, data, user, deps }) =>
    data.write(async (tx) => {
      const model = await ownModel(tx, body.id);
      if (model.nodes.length === 0) throw conflict('processes.nothingToDeploy');
      const form = await formOf(tx, model.formId, model.orgId);
      await checkDesign(tx, model.nodes, form.fields, model.orgId);
      const version = model.latestVersion + 1;
      const now = new Date(deps.now());
      const row = await tx
        .insert(processDefinitions)
        .values({
          orgId: model.orgId,
          modelId: model.id,
          key: model.key,
          name: model.name,
          category: model.category,
          description: model.description,
          version,
          formName: form.name,
          formRevision: form.revision,
          fields: form.fields,
          nodes: model.nodes,
          deployedBy: user.id,
          deployedAt: now,
        })
        .returning({ id: processDefinitions.id })
        .get();
      await tx
        .update(processModels)
        .set({ state: 'deployed', latestVersion: version })
        .where(eq(processModels.id, model.id))
        .run();
      return { id: row.id, version };
    }),
  ),
  route(processEndpoints.definitionList, async ({ query, data, timeZone }) => {
    const where = and(
      keywordIn(data.dialect, [processDefinitions.name, processDefinitions.key], query.keyword),
      query.modelId ? eq(processDefinitions.modelId, query.modelId) : undefined,
      query.state ? eq(processDefinitions.state, query.state) : undefined,
    );
    const rows = data.select().from(processDefinitions, data.orgScope(processDefinitions.orgId)).where(where);
    const order = listOrder(query, { deployedAt: processDefinitions.deployedAt }, processDefinitions.id, [
      desc(processDefinitions.deployedAt),
    ]);
    const { rows: page, ...paging } = await listPage(data, query, rows, [...order, desc(processDefinitions.id)]);
    return { list: await presentDefinitions(data, page, timeZone), ...paging };
  }),
  route(processEndpoints.definitionSuspend, ({ body, data }) =>
    setDefinitionState(data, body.id, 'suspend', 'suspended'),
  ),
  route(processEndpoints.definitionActivate, ({ body, data }) =>
    setDefinitionState(data, body.id, 'activate', 'active'),
  ),
  route(processEndpoints.startable, async ({ data, user, timeZone }) => {
    const rows = await data
      .select({ d: processDefinitions })
      .from(processDefinitions, data.orgScope(processDefinitions.orgId))
      .innerJoin(
        processModels,
        and(
          eq(processModels.id, processDefinitions.modelId),
          eq(processModels.latestVersion, processDefinitions.version),
        ),
      )
      .where(and(eq(processDefinitions.orgId, user.orgId), eq(processDefinitions.state, 'active')))
      .orderBy(processDefinitions.category, processDefinitions.name)
      .all();
    return {
      list: await presentDefinitions(
        data,
        rows.map((r) => r.d),
        timeZone,
      ),
    };
  }),
  route(processEndpoints.definitionDetail, async ({ query, data, timeZone }) => {
    const row = await ownDefinition(data, query.id);
    return {
      ...(await presentDefinitions(data, [row], timeZone))[0]!,
      fields: row.fields,
      nodes: row.nodes,
      description: row.description,
    };
  }),
];
