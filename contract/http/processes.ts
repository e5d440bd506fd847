import { z } from 'zod';
import {
  APPROVAL_MODES,
  ASSIGNABLE_ROLES,
  ASSIGNEE_KINDS,
  CONDITION_OPS,
  DEFINITION_STATES,
  FORM_FIELD_TYPES,
  INSTANCE_STATES,
  MODEL_STATES,
  NODE_STATUSES,
  PROCESS_CATEGORIES,
  PROCESS_EVENTS,
  TASK_STATES,
  type FormFieldType,
} from '../codes/processes.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { byId, idParam, MAX_CENTS, paged, pageQuery, requiredText, savedId } from './fields.ts';
import { PROCESS_MAINTAINERS, PROCESS_USERS } from '../access/processes.ts';

/**
 * Process management (spec /processMng, docs/decisions/054-process-management.md): form templates and process
 * models kept by the process maintainers, deployed as frozen versions; processes started, approved, rejected,
 * transferred and withdrawn by the people of the organisation a model serves.
 */

const keyword = z.string().trim().max(40).optional();
const comment = z.string().trim().max(500, { error: 'validation.tooLong' }).default('');

// ---------- form templates ----------

export const FIELD_KEY = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

export const formFieldDecl = z.object({
  key: z.string({ error: 'processes.fieldKey' }).trim().regex(FIELD_KEY, { error: 'processes.fieldKey' }),
  label: requiredText(40),
  type: z.enum(FORM_FIELD_TYPES, { error: 'validation.required' }),
  required: z.boolean().default(false),
  help: z.string().trim().max(100, { error: 'validation.tooLong' }).default(''),
  /** The choices of a select field, in order. */
  options: z.array(requiredText(40)).max(30).default([]),
});
export type FormFieldDecl = z.infer<typeof formFieldDecl>;

/** A template's fields: 1-30, keys unique, a select with at least one choice and no choice twice. */
export const formFields = z
  .array(formFieldDecl, { error: 'processes.fieldsRequired' })
  .min(1, { error: 'processes.fieldsRequired' })
  .max(30, { error: 'processes.tooManyFields' })
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((field, i) => {
      if (seen.has(field.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: 'processes.fieldKeyTaken' });
      seen.add(field.key);
      if (field.type === 'select' && field.options.length === 0)
        ctx.addIssue({ code: 'custom', path: [i, 'options'], message: 'processes.optionsRequired' });
      if (new Set(field.options).size !== field.options.length)
        ctx.addIssue({ code: 'custom', path: [i, 'options'], message: 'processes.optionsRepeated' });
    });
  });

export const formTemplateForm = z.object({
  name: requiredText(60),
  description: z.string().trim().max(200, { error: 'validation.tooLong' }).default(''),
  fields: formFields,
});

export const formTemplateRow = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string(),
  name: z.string(),
  description: z.string(),
  fields: z.array(formFieldDecl),
  /** Raised by every save: the definitions keep the revision they froze. */
  revision: z.number().int(),
  modelCount: z.number().int(),
  updatedByName: z.string(),
  updatedAt: z.string(),
});
export type FormTemplateRow = z.infer<typeof formTemplateRow>;

// ---------- models ----------

/** One approval node of a model's design. */
export const nodeDecl = z
  .object({
    name: requiredText(40),
    assigneeKind: z.enum(ASSIGNEE_KINDS, { error: 'validation.required' }),
    /** With `role`: everyone of this role in the starter's organisation. */
    roleId: z.number().int().nullable().default(null),
    /** With `user`: these people. */
    userIds: z.array(idParam).max(20).default([]),
    mode: z.enum(APPROVAL_MODES).default('any'),
    /** The node applies only when the form's field compares so (none: always). Money in cents. */
    conditionField: z.string().trim().max(32).default(''),
    conditionOp: z.enum(CONDITION_OPS).nullable().default(null),
    conditionValue: z
      .union([z.number(), z.string().trim().max(40)])
      .nullable()
      .default(null),
    /** Told when the node passes: they read the process. */
    ccUserIds: z.array(idParam).max(20).default([]),
  })
  .superRefine((node, ctx) => {
    if (node.assigneeKind === 'role' && !(ASSIGNABLE_ROLES as readonly (number | null)[]).includes(node.roleId))
      ctx.addIssue({ code: 'custom', path: ['roleId'], message: 'processes.roleRequired' });
    if (node.assigneeKind === 'user' && node.userIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'processes.usersRequired' });
    if (node.conditionField && (!node.conditionOp || node.conditionValue === null || node.conditionValue === ''))
      ctx.addIssue({ code: 'custom', path: ['conditionValue'], message: 'processes.conditionIncomplete' });
  });
export type NodeDecl = z.infer<typeof nodeDecl>;

export const modelNodes = z
  .array(nodeDecl, { error: 'processes.nodesRequired' })
  .min(1, { error: 'processes.nodesRequired' })
  .max(20, { error: 'processes.tooManyNodes' });

export const modelForm = z.object({
  name: requiredText(60),
  category: z.enum(PROCESS_CATEGORIES, { error: 'validation.required' }),
  formId: idParam,
  description: z.string().trim().max(200, { error: 'validation.tooLong' }).default(''),
});
export const modelCreate = modelForm.extend({
  /** The organisation whose people start it (the maintainer's own, or a rental company it serves). */
  orgId: idParam,
  key: z
    .string({ error: 'processes.modelKey' })
    .trim()
    .regex(/^[a-z][a-z0-9_-]{1,39}$/, { error: 'processes.modelKey' }),
});

export const modelRow = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string(),
  key: z.string(),
  name: z.string(),
  category: z.enum(PROCESS_CATEGORIES),
  formId: z.number().int(),
  formName: z.string(),
  description: z.string(),
  nodes: z.array(nodeDecl),
  state: z.enum(MODEL_STATES),
  /** The newest deployed version, 0 before the first deployment. */
  latestVersion: z.number().int(),
  updatedByName: z.string(),
  updatedAt: z.string(),
});
export type ModelRow = z.infer<typeof modelRow>;

// ---------- definitions (deployed versions) ----------

export const definitionRow = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string(),
  modelId: z.number().int(),
  key: z.string(),
  name: z.string(),
  category: z.enum(PROCESS_CATEGORIES),
  version: z.number().int(),
  formName: z.string(),
  state: z.enum(DEFINITION_STATES),
  /** Whether this is the model's newest version (the one new processes start from). */
  latest: z.boolean(),
  instanceCount: z.number().int(),
  deployedByName: z.string(),
  deployedAt: z.string(),
});
export type DefinitionRow = z.infer<typeof definitionRow>;

export const definitionDetail = definitionRow.extend({
  fields: z.array(formFieldDecl),
  nodes: z.array(nodeDecl),
  description: z.string(),
});

// ---------- a form's data, checked against its declarations ----------

const valueError = 'processes.valueInvalid';
/** A required field left empty is "required"; a value of the wrong kind is "not valid". */
const error = (issue: { input?: unknown }) => (issue.input === undefined ? 'validation.required' : valueError);

function valueSchema(type: FormFieldType, options: readonly string[]): z.ZodType {
  switch (type) {
    case 'text':
      return z.string({ error }).trim().max(200, { error: 'validation.tooLong' });
    case 'textarea':
      return z.string({ error }).trim().max(2000, { error: 'validation.tooLong' });
    case 'machine':
      return z.string({ error }).trim().max(40, { error: 'validation.tooLong' });
    case 'number':
      return z.number({ error }).min(-1e12, { error: valueError }).max(1e12, { error: valueError });
    case 'money':
      return z
        .number({ error })
        .int({ error: valueError })
        .min(0, { error: valueError })
        .max(MAX_CENTS, { error: valueError });
    case 'date':
      return z.string({ error }).refine((v) => isDay(v), { error: valueError });
    case 'select':
      return z.string({ error }).refine((v) => options.includes(v), { error: valueError });
  }
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The schema of a form's data, built from its field declarations: the console validates the start form with it and
 * the server parses with the same (issues are named by the field's key). Optional fields left empty are dropped.
 */
export function formDataSchema(fields: readonly FormFieldDecl[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    const value = valueSchema(field.type, field.options);
    shape[field.key] = z.preprocess((v) => (blank(v) ? undefined : v), field.required ? value : value.optional());
  }
  return z.object(shape).strip();
}

export const formData = z.record(z.string().max(32), z.unknown());

// ---------- instances and tasks ----------

export const instanceRow = z.object({
  id: z.number().int(),
  number: z.string(),
  orgId: z.number().int(),
  definitionId: z.number().int(),
  name: z.string(),
  category: z.enum(PROCESS_CATEGORIES),
  version: z.number().int(),
  title: z.string(),
  state: z.enum(INSTANCE_STATES),
  startedById: z.number().int(),
  startedByName: z.string(),
  /** The node waiting now (running only). */
  currentNode: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  /** The starter may withdraw it (running, and the reader started it). */
  canWithdraw: z.boolean(),
});
export type InstanceRow = z.infer<typeof instanceRow>;

export const taskRow = z.object({
  id: z.number().int(),
  instanceId: z.number().int(),
  number: z.string(),
  name: z.string(),
  category: z.enum(PROCESS_CATEGORIES),
  title: z.string(),
  nodeName: z.string(),
  state: z.enum(TASK_STATES),
  instanceState: z.enum(INSTANCE_STATES),
  startedByName: z.string(),
  startedAt: z.string(),
  createdAt: z.string(),
  handledAt: z.string(),
  comment: z.string(),
});
export type TaskRow = z.infer<typeof taskRow>;

export const instanceDetail = z.object({
  instance: instanceRow,
  fields: z.array(formFieldDecl),
  data: formData,
  nodes: z.array(
    z.object({
      index: z.number().int(),
      name: z.string(),
      status: z.enum(NODE_STATUSES),
      assigneeNames: z.array(z.string()),
      node: nodeDecl,
    }),
  ),
  events: z.array(
    z.object({
      id: z.number().int(),
      event: z.enum(PROCESS_EVENTS),
      nodeName: z.string(),
      byName: z.string(),
      toName: z.string(),
      comment: z.string(),
      at: z.string(),
    }),
  ),
  /** The reader's pending task on it, if any: the page offers approve, reject and transfer on it. */
  myTaskId: z.number().int().nullable(),
});
export type InstanceDetail = z.infer<typeof instanceDetail>;

const person = z.object({ id: z.number().int(), name: z.string(), roleId: z.number().int() });
const maintainers = { roles: PROCESS_MAINTAINERS };
const users = { roles: PROCESS_USERS };
const dayFilter = z
  .string()
  .trim()
  .refine((v) => v === '' || isDay(v), { error: 'validation.invalid' })
  .optional();

export const processEndpoints = {
  orgs: defineEndpoint({
    method: 'GET',
    path: '/process/orgs.do',
    summary: 'The organisations a maintainer may publish models to: its own and the rental companies it serves',
    access: maintainers,
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: z.object({ list: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  }),
  people: defineEndpoint({
    method: 'GET',
    path: '/process/people.do',
    summary: "The working people of an organisation (default the caller's): assignees, CC and transfer targets",
    access: users,
    scope: 'organisation',
    query: z.object({ orgId: idParam.optional() }),
    body: noInput,
    response: z.object({ list: z.array(person) }),
  }),
  formList: defineEndpoint({
    method: 'GET',
    path: '/process/form/list.do',
    summary: 'Form templates',
    access: maintainers,
    scope: 'organisation',
    query: pageQuery.extend({ keyword, orgId: idParam.optional() }),
    body: noInput,
    response: paged(formTemplateRow),
  }),
  formDetail: defineEndpoint({
    method: 'GET',
    path: '/process/form/detail.do',
    summary: 'A form template with the models that use it and the versions that froze it',
    access: maintainers,
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: z.object({
      form: formTemplateRow,
      models: z.array(modelRow.pick({ id: true, key: true, name: true, state: true, latestVersion: true })),
      versions: z.array(definitionRow.pick({ id: true, key: true, name: true, version: true, state: true })),
    }),
  }),
  formCreate: defineEndpoint({
    method: 'POST',
    path: '/process/form/create.do',
    summary: 'Design a new form template',
    access: maintainers,
    scope: 'organisation',
    query: noInput,
    body: formTemplateForm.extend({ orgId: idParam }),
    response: savedId,
  }),
  formUpdate: defineEndpoint({
    method: 'POST',
    path: '/process/form/update.do',
    summary: 'Change a form template (deployed versions keep the fields they froze)',
    access: maintainers,
    scope: 'organisation',
    query: noInput,
    body: formTemplateForm.extend({ id: idParam }),
    response: savedId,
  }),
  formDelete: defineEndpoint({
    method: 'POST',
    path: '/process/form/delete.do',
    summary: 'Delete a form template no model uses',
    access: maintainers,
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: savedId,
  }),
  modelList: defineEndpoint({
    method: 'GET',
    path: '/process/model/list.do',
    summary: 'Process models',
    access: maintainers,
    scope: 'organisation',
    query: pageQuery.extend({
      keyword,
      category: z.enum(PROCESS_CATEGORIES).optional(),
      state: z.enum(MODEL_STATES).optional(),
      orgId: idParam.optional(),
    }),
    body: noInput,
    response: paged(modelRow),
  }),
  modelDetail: defineEndpoint({
    method: 'GET',
    path: '/process/model/detail.do',
    summary: "A model's design, its form's fields and its deployed versions",
    access: maintainers,
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: z.object({ model: modelRow, fields: z.array(formFieldDecl), versions: z.array(definitionRow) }),
  }),
  modelCreate: defineEndpoint({
    method: 'POST',
    path: '/process/model/create.do',
    summary: 'A new process model (a draft without nodes; the designer adds them)',
    access: maintainers,
    scope: 'organisation',
    query: noInput,
    body: modelCreate,
    response: savedId,
  }),
  modelUpdate: defineEndpoint({
    method: 'POST',
    path: '/process/model/update.do',
    summary: "Change a model's name, category, form or description",
    access: maintainers,
    scope: 'organisation',
    query: noInput,
    body: modelForm.extend({ id: idParam }),
    response: savedId,
  }),
  modelDesign: defineEndpoint({
    method: 'POST',
    path: '/process/model/design.do',
    summary: "Save a model's approval nodes (the model becomes a draft until deployed)",
    access: maintainers,
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: idParam, nodes: modelNodes }),
    response: savedId,
  }),
  modelDelete: defineEndpoint({
    method: 'POST',
    path: '/process/model/delete.do',
    summary: 'Delete a model never deployed',
    access: maintainers,
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: savedId,
  }),
  modelDeploy: defineEndpoint({
    method: 'POST',
    path: '/process/model/deploy.do',
    summary: "Deploy a model: its design and its form's fields are frozen as a new version",
    access: maintainers,
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  definitionList: defineEndpoint({
    method: 'GET',
    path: '/process/definition/list.do',
    summary: 'Deployed versions, by model and state',
    access: maintainers,
    scope: 'organisation',
    query: pageQuery.extend({
      keyword,
      modelId: idParam.optional(),
      state: z.enum(DEFINITION_STATES).optional(),
    }),
    body: noInput,
    response: paged(definitionRow),
  }),
  definitionSuspend: defineEndpoint({
    method: 'POST',
    path: '/process/definition/suspend.do',
    summary: 'Suspend a version: no new process starts from it',
    access: maintainers,
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: savedId,
  }),
  definitionActivate: defineEndpoint({
    method: 'POST',
    path: '/process/definition/activate.do',
    summary: 'Activate a suspended version',
    access: maintainers,
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: savedId,
  }),
  startable: defineEndpoint({
    method: 'GET',
    path: '/process/definition/startable.do',
    summary: "The processes the caller may start: each model's newest active version in the caller's organisation",
    access: users,
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: z.object({ list: z.array(definitionRow) }),
  }),
  definitionDetail: defineEndpoint({
    method: 'GET',
    path: '/process/definition/detail.do',
    summary: "A deployed version's form and nodes, to start a process from it",
    access: users,
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: definitionDetail,
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/process/instance/start.do',
    summary:
      "Start a process: the form's data checked against its declarations, the first applicable node's tasks made",
    access: users,
    scope: 'organisation',
    query: noInput,
    body: z.object({ definitionId: idParam, data: formData }),
    response: z.object({ id: z.number().int(), number: z.string() }),
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/process/instance/mine.do',
    summary: 'The processes the caller started',
    access: users,
    scope: 'organisation',
    query: pageQuery.extend({
      keyword,
      state: z.enum(INSTANCE_STATES).optional(),
      category: z.enum(PROCESS_CATEGORIES).optional(),
      from: dayFilter,
      to: dayFilter,
    }),
    body: noInput,
    response: paged(instanceRow),
  }),
  withdraw: defineEndpoint({
    method: 'POST',
    path: '/process/instance/withdraw.do',
    summary: 'The starter takes back a running process; its pending tasks are cancelled',
    access: users,
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: idParam, comment }),
    response: savedId,
  }),
  instanceDetail: defineEndpoint({
    method: 'GET',
    path: '/process/instance/detail.do',
    summary:
      'One process: its form, the nodes passed, current and to come, its history (starter, assignees, CC, admins)',
    access: users,
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: instanceDetail,
  }),
  todo: defineEndpoint({
    method: 'GET',
    path: '/process/task/todo.do',
    summary: 'The tasks waiting for the caller',
    access: users,
    scope: 'organisation',
    query: pageQuery.extend({ keyword, category: z.enum(PROCESS_CATEGORIES).optional() }),
    body: noInput,
    response: paged(taskRow),
  }),
  done: defineEndpoint({
    method: 'GET',
    path: '/process/task/done.do',
    summary: 'The tasks the caller handled',
    access: users,
    scope: 'organisation',
    query: pageQuery.extend({
      keyword,
      category: z.enum(PROCESS_CATEGORIES).optional(),
      state: z.enum(['approved', 'rejected', 'transferred']).optional(),
    }),
    body: noInput,
    response: paged(taskRow),
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/process/task/approve.do',
    summary: 'Approve a task waiting for the caller',
    access: users,
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: idParam, comment }),
    response: savedId,
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/process/task/reject.do',
    summary: 'Reject a task waiting for the caller: the process ends rejected',
    access: users,
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: idParam, comment: requiredText(500) }),
    response: savedId,
  }),
  transfer: defineEndpoint({
    method: 'POST',
    path: '/process/task/transfer.do',
    summary: 'Hand a task waiting for the caller to another person of the organisation',
    access: users,
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: idParam, userId: idParam, comment }),
    response: savedId,
  }),
} as const;
