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
function assertPublishable(data: ScopedData, orgId: number) {
  const org = data
    .select({ id: organisations.id })
    .from(organisations, data.orgScope(organisations.id))
    .where(and(eq(organisations.id, orgId), inArray(organisations.kind, [...PUBLISHABLE_KINDS])))
    .get();
  if (!org) throw invalidField('orgId', 'error.forbidden');
}

function ownForm(data: ScopedData, id: number): FormRow {
  const row = data.select().from(processForms, data.orgScope(processForms.orgId)).where(eq(processForms.id, id)).get();
  if (!row) throw notFound();
  return row;
}

function ownModel(data: ScopedData, id: number): ModelRow {
  const row = data
    .select()
    .from(processModels, data.orgScope(processModels.orgId))
    .where(eq(processModels.id, id))
    .get();
  if (!row) throw notFound();
  return row;
}

export function ownDefinition(data: ScopedData, id: number): DefinitionRow {
  const row = data
    .select()
    .from(processDefinitions, data.orgScope(processDefinitions.orgId))
    .where(eq(processDefinitions.id, id))
    .get();
  if (!row) throw notFound();
  return row;
}

/** The model's form, which must belong to the model's organisation. */
function formOf(data: ScopedData, formId: number, orgId: number): FormRow {
  const form = data
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
export function checkDesign(data: ScopedData, nodes: NodeDecl[], fields: FormFieldDecl[], orgId: number) {
  const people = new Set(workingPeople(data, orgId).map((p) => p.id));
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

function presentForms(data: ScopedData, rows: FormRow[], timeZone: string) {
  const names = userNames(
    data,
    rows.map((r) => r.updatedBy),
  );
  const orgs = orgNames(
    data,
    rows.map((r) => r.orgId),
  );
  const ids = rows.map((r) => r.id);
  const uses = new Map(
    ids.length === 0
      ? []
      : data
          .select({ formId: processModels.formId, n: count() })
          .from(processModels, data.orgScope(processModels.orgId))
          .where(inArray(processModels.formId, ids))
          .groupBy(processModels.formId)
          .all()
          .map((r) => [r.formId, r.n]),
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

function presentModels(data: ScopedData, rows: ModelRow[], timeZone: string) {
  const names = userNames(
    data,
    rows.map((r) => r.updatedBy),
  );
  const orgs = orgNames(
    data,
    rows.map((r) => r.orgId),
  );
  const formIds = [...new Set(rows.map((r) => r.formId))];
  const forms = new Map(
    formIds.length === 0
      ? []
      : data
          .select({ id: processForms.id, name: processForms.name })
          .from(processForms, data.orgScope(processForms.orgId))
          .where(inArray(processForms.id, formIds))
          .all()
          .map((f) => [f.id, f.name]),
  );
  return rows.map(({ updatedBy, updatedAt, createdAt: _c, ...r }) => ({
    ...r,
    orgName: orgs.get(r.orgId) ?? '',
    formName: forms.get(r.formId) ?? '',
    updatedByName: (updatedBy && names.get(updatedBy)) || '',
    updatedAt: formatInZone(updatedAt, timeZone),
  }));
}

export function presentDefinitions(data: ScopedData, rows: DefinitionRow[], timeZone: string) {
  const names = userNames(
    data,
    rows.map((r) => r.deployedBy),
  );
  const orgs = orgNames(
    data,
    rows.map((r) => r.orgId),
  );
  const modelIds = [...new Set(rows.map((r) => r.modelId))];
  const latest = new Map(
    modelIds.length === 0
      ? []
      : data
          .select({ id: processModels.id, v: processModels.latestVersion })
          .from(processModels, data.orgScope(processModels.orgId))
          .where(inArray(processModels.id, modelIds))
          .all()
          .map((m) => [m.id, m.v]),
  );
  const ids = rows.map((r) => r.id);
  const started = new Map(
    ids.length === 0
      ? []
      : data
          .select({ id: processInstances.definitionId, n: count() })
          .from(processInstances, data.orgScope(processInstances.orgId))
          .where(inArray(processInstances.definitionId, ids))
          .groupBy(processInstances.definitionId)
          .all()
          .map((r) => [r.id, r.n]),
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

function setDefinitionState(data: ScopedData, id: number, action: 'suspend' | 'activate', to: DefinitionState) {
  data.write((tx) => {
    const row = ownDefinition(tx, id);
    if (!definitionAllows(action, row.state)) throw conflict();
    tx.update(processDefinitions).set({ state: to }).where(eq(processDefinitions.id, id)).run();
  });
  return { id };
}

export const modelRoutes: RouteDef[] = [
  route(processEndpoints.orgs, ({ data }) => ({
    list: data
      .select({ id: organisations.id, name: nameInSql(organisations, data.lang) })
      .from(organisations, data.orgScope(organisations.id))
      .where(inArray(organisations.kind, [...PUBLISHABLE_KINDS]))
      .orderBy(organisations.id)
      .all(),
  })),
  route(processEndpoints.people, ({ query, data, user }) => {
    const orgId = query.orgId ?? user.orgId;
    data.assertOrg(orgId);
    return { list: workingPeople(data, orgId) };
  }),
  route(processEndpoints.formList, ({ query, data, timeZone }) => {
    const where = and(
      keywordIn([processForms.name, processForms.description], query.keyword),
      query.orgId ? eq(processForms.orgId, query.orgId) : undefined,
    );
    const rows = data.select().from(processForms, data.orgScope(processForms.orgId)).where(where);
    const order = listOrder(query, { updatedAt: processForms.updatedAt }, processForms.id, [
      desc(processForms.updatedAt),
    ]);
    const { rows: page, ...paging } = listPage(data, query, rows, [...order, desc(processForms.id)]);
    return { list: presentForms(data, page, timeZone), ...paging };
  }),
  route(processEndpoints.formDetail, ({ query, data, timeZone }) => {
    const form = presentForms(data, [ownForm(data, query.id)], timeZone)[0]!;
    const models = data
      .select()
      .from(processModels, data.orgScope(processModels.orgId))
      .where(eq(processModels.formId, query.id))
      .all();
    const definitions =
      models.length === 0
        ? []
        : data
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
  route(processEndpoints.formCreate, ({ body, data, user, deps }) => {
    assertPublishable(data, body.orgId);
    const row = data.write((tx) =>
      tx
        .insert(processForms)
        .values({ ...body, updatedBy: user.id, updatedAt: new Date(deps.now()) })
        .returning({ id: processForms.id })
        .get(),
    );
    return { id: row.id };
  }),
  route(processEndpoints.formUpdate, ({ body: { id, ...fields }, data, user, deps }) => {
    data.write((tx) => {
      const form = ownForm(tx, id);
      tx.update(processForms)
        .set({ ...fields, revision: form.revision + 1, updatedBy: user.id, updatedAt: new Date(deps.now()) })
        .where(eq(processForms.id, id))
        .run();
    });
    return { id };
  }),
  route(processEndpoints.formDelete, ({ body, data }) => {
    data.write((tx) => {
      ownForm(tx, body.id);
      const used = tx
        .select({ id: processModels.id })
        .from(processModels, tx.orgScope(processModels.orgId))
        .where(eq(processModels.formId, body.id))
        .get();
      if (used) throw conflict('processes.formInUse');
      tx.delete(processForms).where(eq(processForms.id, body.id)).run();
    });
    return { id: body.id };
  }),
  route(processEndpoints.modelList, ({ query, data, timeZone }) => {
    const where = and(
      keywordIn([processModels.name, processModels.key], query.keyword),
      query.category ? eq(processModels.category, query.category) : undefined,
      query.state ? eq(processModels.state, query.state) : undefined,
      query.orgId ? eq(processModels.orgId, query.orgId) : undefined,
    );
    const rows = data.select().from(processModels, data.orgScope(processModels.orgId)).where(where);
    const order = listOrder(query, { updatedAt: processModels.updatedAt, name: processModels.name }, processModels.id, [
      desc(processModels.updatedAt),
    ]);
    const { rows: page, ...paging } = listPage(data, query, rows, [...order, desc(processModels.id)]);
    return { list: presentModels(data, page, timeZone), ...paging };
  }),
  route(processEndpoints.modelDetail, ({ query, data, timeZone }) => {
    const model = ownModel(data, query.id);
    const form = data
      .select()
      .from(processForms, data.orgScope(processForms.orgId))
      .where(eq(processForms.id, model.formId))
      .get();
    const versions = data
      .select()
      .from(processDefinitions, data.orgScope(processDefinitions.orgId))
      .where(eq(processDefinitions.modelId, model.id))
      .orderBy(desc(processDefinitions.version))
      .all();
    return {
      model: presentModels(data, [model], timeZone)[0]!,
      fields: form?.fields ?? [],
      versions: presentDefinitions(data, versions, timeZone),
    };
  }),
  route(processEndpoints.modelCreate, ({ body, data, user, deps }) => {
    assertPublishable(data, body.orgId);
    const row = data.write((tx) => {
      formOf(tx, body.formId, body.orgId);
      const taken = tx
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
  route(processEndpoints.modelUpdate, ({ body: { id, ...fields }, data, user, deps }) => {
    data.write((tx) => {
      const model = ownModel(tx, id);
      const form = formOf(tx, fields.formId, model.orgId);
      // Another form may lack the fields the nodes' conditions test.
      if (fields.formId !== model.formId) checkDesign(tx, model.nodes, form.fields, model.orgId);
      tx.update(processModels)
        .set({ ...fields, state: 'draft', updatedBy: user.id, updatedAt: new Date(deps.now()) })
        .where(eq(processModels.id, id))
        .run();
    });
    return { id };
  }),
  route(processEndpoints.modelDesign, ({ body, data, user, deps }) => {
    data.write((tx) => {
      const model = ownModel(tx, body.id);
      checkDesign(tx, body.nodes, formOf(tx, model.formId, model.orgId).fields, model.orgId);
      tx.update(processModels)
        .set({ nodes: body.nodes, state: 'draft', updatedBy: user.id, updatedAt: new Date(deps.now()) })
        .where(eq(processModels.id, body.id))
        .run();
    });
    return { id: body.id };
  }),
  route(processEndpoints.modelDelete, ({ body, data }) => {
    data.write((tx) => {
      const model = ownModel(tx, body.id);
      if (model.latestVersion > 0) throw conflict('processes.modelDeployed');
      tx.delete(processModels).where(eq(processModels.id, body.id)).run();
    });
    return { id: body.id };
  }),
  route(processEndpoints.modelDeploy, ({ body, data, user, deps }) =>
    data.write((tx) => {
      const model = ownModel(tx, body.id);
      if (model.nodes.length === 0) throw conflict('processes.nothingToDeploy');
      const form = formOf(tx, model.formId, model.orgId);
      checkDesign(tx, model.nodes, form.fields, model.orgId);
      const version = model.latestVersion + 1;
      const now = new Date(deps.now());
      const row = tx
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
      tx.update(processModels)
        .set({ state: 'deployed', latestVersion: version })
        .where(eq(processModels.id, model.id))
        .run();
      return { id: row.id, version };
    }),
  ),
  route(processEndpoints.definitionList, ({ query, data, timeZone }) => {
    const where = and(
      keywordIn([processDefinitions.name, processDefinitions.key], query.keyword),
      query.modelId ? eq(processDefinitions.modelId, query.modelId) : undefined,
      query.state ? eq(processDefinitions.state, query.state) : undefined,
    );
    const rows = data.select().from(processDefinitions, data.orgScope(processDefinitions.orgId)).where(where);
    const order = listOrder(query, { deployedAt: processDefinitions.deployedAt }, processDefinitions.id, [
      desc(processDefinitions.deployedAt),
    ]);
    const { rows: page, ...paging } = listPage(data, query, rows, [...order, desc(processDefinitions.id)]);
    return { list: presentDefinitions(data, page, timeZone), ...paging };
  }),
  route(processEndpoints.definitionSuspend, ({ body, data }) =>
    setDefinitionState(data, body.id, 'suspend', 'suspended'),
  ),
  route(processEndpoints.definitionActivate, ({ body, data }) =>
    setDefinitionState(data, body.id, 'activate', 'active'),
  ),
  route(processEndpoints.startable, ({ data, user, timeZone }) => {
    const rows = data
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
      list: presentDefinitions(
        data,
        rows.map((r) => r.d),
        timeZone,
      ),
    };
  }),
  route(processEndpoints.definitionDetail, ({ query, data, timeZone }) => {
    const row = ownDefinition(data, query.id);
    return {
      ...presentDefinitions(data, [row], timeZone)[0]!,
      fields: row.fields,
      nodes: row.nodes,
      description: row.description,
    };
  }),
];
