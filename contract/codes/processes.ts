import { codeTable } from './code-table.ts';
import { ROLE, type RoleId } from './roles.ts';

/**
 * Process management (spec /processMng, docs/decisions/054-process-management.md): form templates, process models
 * designed as an ordered list of approval nodes, deployed as frozen versions (definitions), started as instances
 * whose nodes create tasks for their assignees. The state machines of instance and task are declared here once; the
 * server refuses what they do not allow and the console offers only what they allow.
 */

export const PROCESS_CATEGORIES = ['purchase', 'lease', 'finance', 'asset', 'other'] as const;
export type ProcessCategory = (typeof PROCESS_CATEGORIES)[number];
export const PROCESS_CATEGORY = codeTable('processes:category', [
  ['purchase', 'purchase', 'blue'],
  ['lease', 'lease', 'cyan'],
  ['finance', 'finance', 'gold'],
  ['asset', 'asset', 'purple'],
  ['other', 'other', 'default'],
]);

/** The inputs a form template declares; `money` is integer cents, `machine` a serial the starter sees. */
export const FORM_FIELD_TYPES = ['text', 'textarea', 'number', 'money', 'date', 'select', 'machine'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
export const FORM_FIELD_TYPE = codeTable('processes:fieldType', [
  ['text', 'text', 'default'],
  ['textarea', 'textarea', 'default'],
  ['number', 'number', 'blue'],
  ['money', 'money', 'gold'],
  ['date', 'date', 'cyan'],
  ['select', 'select', 'purple'],
  ['machine', 'machine', 'geekblue'],
]);
/** The field types a node's condition may test. */
export const CONDITION_FIELD_TYPES: readonly FormFieldType[] = ['number', 'money', 'select'];

/** Who approves a node: everyone of a role in the starter's organisation, named people, or its administrators. */
export const ASSIGNEE_KINDS = ['role', 'user', 'orgAdmin'] as const;
export type AssigneeKind = (typeof ASSIGNEE_KINDS)[number];
export const ASSIGNEE_KIND = codeTable('processes:assigneeKind', [
  ['role', 'role', 'blue'],
  ['user', 'user', 'green'],
  ['orgAdmin', 'orgAdmin', 'purple'],
]);
/**
 * The people of the organisations a process serves (the operator's and the rental companies' staff): the roles a node
 * may name, and who starts processes and handles tasks. Customers and distributors have no processes of their own.
 */
export const ASSIGNABLE_ROLES: readonly RoleId[] = [
  ROLE.companyEmployee,
  ROLE.companyAdmin,
  ROLE.finance,
  ROLE.processMaintainer,
  ROLE.lessorAdmin,
  ROLE.lessorSales,
  ROLE.lessorStaff,
  ROLE.technician,
];

/** `any`: the first approval passes the node (the others' tasks are cancelled); `all`: every assignee approves. */
export const APPROVAL_MODES = ['any', 'all'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];
export const APPROVAL_MODE = codeTable('processes:mode', [
  ['any', 'any', 'blue'],
  ['all', 'all', 'purple'],
]);

export const CONDITION_OPS = ['gte', 'gt', 'lte', 'lt', 'eq', 'neq'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];
export const CONDITION_OP = codeTable('processes:op', [
  ['gte', 'gte', 'default'],
  ['gt', 'gt', 'default'],
  ['lte', 'lte', 'default'],
  ['lt', 'lt', 'default'],
  ['eq', 'eq', 'default'],
  ['neq', 'neq', 'default'],
]);
/** A select field is tested for equality only. */
export const SELECT_OPS: readonly ConditionOp[] = ['eq', 'neq'];

/** A model is a draft until deployed, and a draft again when its design changes after that. */
export const MODEL_STATES = ['draft', 'deployed'] as const;
export type ModelState = (typeof MODEL_STATES)[number];
export const MODEL_STATE = codeTable('processes:modelState', [
  ['draft', 'draft', 'gold'],
  ['deployed', 'deployed', 'green'],
]);

/** A deployed version (definition) starts new processes while active; suspending it stops that, running ones go on. */
export const DEFINITION_STATES = ['active', 'suspended'] as const;
export type DefinitionState = (typeof DEFINITION_STATES)[number];
export const DEFINITION_STATE = codeTable('processes:definitionState', [
  ['active', 'active', 'green'],
  ['suspended', 'suspended', 'red'],
]);
export const DEFINITION_FLOW = {
  suspend: { from: ['active'], to: 'suspended' },
  activate: { from: ['suspended'], to: 'active' },
} as const satisfies Record<string, { from: readonly DefinitionState[]; to: DefinitionState }>;

export const INSTANCE_STATES = ['running', 'approved', 'rejected', 'withdrawn'] as const;
export type InstanceState = (typeof INSTANCE_STATES)[number];
export const INSTANCE_STATE = codeTable('processes:instanceState', [
  ['running', 'running', 'processing'],
  ['approved', 'approved', 'green'],
  ['rejected', 'rejected', 'red'],
  ['withdrawn', 'withdrawn', 'default'],
]);

/**
 * The instance's moves: `approve` when its last applicable node passes, `reject` when an assignee rejects,
 * `withdraw` by its starter while it runs. Only a running instance moves.
 */
export const INSTANCE_FLOW = {
  approve: { from: ['running'], to: 'approved', by: 'engine' },
  reject: { from: ['running'], to: 'rejected', by: 'assignee' },
  withdraw: { from: ['running'], to: 'withdrawn', by: 'starter' },
} as const satisfies Record<string, { from: readonly InstanceState[]; to: InstanceState; by: string }>;
export type InstanceAction = keyof typeof INSTANCE_FLOW;

export const TASK_STATES = ['pending', 'approved', 'rejected', 'transferred', 'cancelled'] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const TASK_STATE = codeTable('processes:taskState', [
  ['pending', 'pending', 'processing'],
  ['approved', 'approved', 'green'],
  ['rejected', 'rejected', 'red'],
  ['transferred', 'transferred', 'blue'],
  ['cancelled', 'cancelled', 'default'],
]);

/**
 * A task's moves: its assignee approves, rejects (a comment saying why) or transfers it to another person of the
 * organisation; the engine cancels the pending tasks a decision made needless (another approved an `any` node, the
 * instance was rejected or withdrawn). Only a pending task moves: a second decision on it is a conflict.
 */
export const TASK_FLOW = {
  approve: { from: ['pending'], to: 'approved', by: 'assignee', commentRequired: false },
  reject: { from: ['pending'], to: 'rejected', by: 'assignee', commentRequired: true },
  transfer: { from: ['pending'], to: 'transferred', by: 'assignee', commentRequired: false },
  cancel: { from: ['pending'], to: 'cancelled', by: 'engine', commentRequired: false },
} as const satisfies Record<
  string,
  { from: readonly TaskState[]; to: TaskState; by: 'assignee' | 'engine'; commentRequired: boolean }
>;
export type TaskAction = keyof typeof TASK_FLOW;

export function taskAllows(action: TaskAction, state: string): boolean {
  return (TASK_FLOW[action].from as readonly string[]).includes(state);
}
export function instanceAllows(action: InstanceAction, state: string): boolean {
  return (INSTANCE_FLOW[action].from as readonly string[]).includes(state);
}
export function definitionAllows(action: keyof typeof DEFINITION_FLOW, state: string): boolean {
  return (DEFINITION_FLOW[action].from as readonly string[]).includes(state);
}

/** What an instance's timeline records. */
export const PROCESS_EVENTS = [
  'start',
  'approve',
  'reject',
  'transfer',
  'withdraw',
  'cc',
  'skip',
  'nodePassed',
  'finish',
] as const;
export type ProcessEvent = (typeof PROCESS_EVENTS)[number];

/** A node's place in one instance, as the diagram shows it. */
export const NODE_STATUSES = ['passed', 'current', 'pending', 'skipped', 'rejected', 'stopped'] as const;
export type NodeStatus = (typeof NODE_STATUSES)[number];

/** The part of a node the routing reads. */
export interface NodeCondition {
  conditionField: string;
  conditionOp: ConditionOp | null;
  conditionValue: number | string | null;
}

/** Whether a node applies to this form's data: no condition, or the condition holds on the field's value. */
export function nodeApplies(node: NodeCondition, data: Record<string, unknown>): boolean {
  if (!node.conditionField || !node.conditionOp) return true;
  const value = data[node.conditionField];
  const expected = node.conditionValue;
  if (value === undefined || value === null || value === '') return false;
  if (node.conditionOp === 'eq') return String(value) === String(expected);
  if (node.conditionOp === 'neq') return String(value) !== String(expected);
  const a = Number(value);
  const b = Number(expected);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  if (node.conditionOp === 'gte') return a >= b;
  if (node.conditionOp === 'gt') return a > b;
  if (node.conditionOp === 'lte') return a <= b;
  return a < b;
}

/** The index of the first node after `after` (-1: from the start) that applies, or null when none is left. */
export function nextNode(nodes: readonly NodeCondition[], data: Record<string, unknown>, after: number): number | null {
  for (let i = after + 1; i < nodes.length; i++) if (nodeApplies(nodes[i]!, data)) return i;
  return null;
}
