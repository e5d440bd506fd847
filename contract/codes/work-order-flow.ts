import type { FEEDBACK_STATUS, WORK_ORDER_STATUS } from './service.ts';

/**
 * The work order's state machine, declared once: the server refuses what it does not allow and the console
 * offers only what it allows (docs/decisions/018-work-orders.md). Statuses are WORK_ORDER_STATUS codes.
 */
export const WO_STATUS = {
  pending: 1,
  assigned: 2,
  repaired: 3,
  paid: 4,
  resolved: 5,
  suspended: 6,
} as const satisfies Record<string, (typeof WORK_ORDER_STATUS.values)[number]>;
export type WorkOrderStatus = (typeof WO_STATUS)[keyof typeof WO_STATUS];

/**
 * Feedback turned into a work order follows it (docs/decisions/019): its FEEDBACK_STATUS by the order's status.
 * Before the repair it stays pending (1).
 */
export const FEEDBACK_OF_ORDER = {
  [WO_STATUS.repaired]: 4,
  [WO_STATUS.paid]: 5,
  [WO_STATUS.resolved]: 2,
} as const satisfies Partial<Record<WorkOrderStatus, (typeof FEEDBACK_STATUS.values)[number]>>;

/**
 * Who may take an action: `keeper`, the staff of the organisation that owns the machine (DEVICE_EDITORS);
 * `assignee`, the technician the order is assigned to.
 */
export type WorkOrderActor = 'keeper' | 'assignee';

export interface Transition {
  from: readonly WorkOrderStatus[];
  /** `previous`: back to the status the order was suspended from. */
  to: WorkOrderStatus | 'previous';
  by: readonly WorkOrderActor[];
  /** The action needs a remark saying why (suspend, close). */
  remarkRequired: boolean;
}

const { pending, assigned, repaired, paid, resolved, suspended } = WO_STATUS;

export const WORK_ORDER_FLOW = {
  /** Assign, reassign and batch assign (many orders, all or nothing). */
  assign: { from: [pending, assigned], to: assigned, by: ['keeper'], remarkRequired: false },
  /** Record the repair: fault types, cause, parts used, repair method. */
  repair: { from: [assigned], to: repaired, by: ['keeper', 'assignee'], remarkRequired: false },
  /** Record the payment: amount and settled. */
  pay: { from: [repaired], to: paid, by: ['keeper'], remarkRequired: false },
  resolve: { from: [repaired, paid], to: resolved, by: ['keeper', 'assignee'], remarkRequired: false },
  suspend: { from: [pending, assigned, repaired], to: suspended, by: ['keeper'], remarkRequired: true },
  resume: { from: [suspended], to: 'previous', by: ['keeper'], remarkRequired: false },
  /** Resolved without a repair (a duplicate, a false alarm, the customer withdrew). */
  close: { from: [pending, assigned, suspended], to: resolved, by: ['keeper'], remarkRequired: true },
} as const satisfies Record<string, Transition>;

export type WorkOrderAction = keyof typeof WORK_ORDER_FLOW;
export const WORK_ORDER_ACTIONS = Object.keys(WORK_ORDER_FLOW) as WorkOrderAction[];

/** What the timeline records: the actions, and the order's creation and edits. */
export const WORK_ORDER_EVENTS = ['create', 'edit', ...WORK_ORDER_ACTIONS] as const;
export type WorkOrderEvent = (typeof WORK_ORDER_EVENTS)[number];

/** Open work orders: not yet resolved (suspended ones count as open, they come back). */
export const OPEN_STATUSES: readonly WorkOrderStatus[] = [pending, assigned, repaired, paid, suspended];
/** An order can be edited until it is resolved. */
export const isEditable = (status: number) => status !== resolved;

export interface ActingOn {
  status: number;
  assigneeId: number | null;
}
export interface Acting {
  userId: number;
  /** The user keeps the machine of this order (an editor of its owning organisation). */
  keeper: boolean;
}

/** The roles the user plays for this order. */
function actorsOf(order: ActingOn, who: Acting): WorkOrderActor[] {
  const roles: WorkOrderActor[] = [];
  if (who.keeper) roles.push('keeper');
  if (order.assigneeId !== null && order.assigneeId === who.userId) roles.push('assignee');
  return roles;
}

/** Whether the status allows the action at all, whoever asks. */
export function statusAllows(action: WorkOrderAction, status: number): boolean {
  return (WORK_ORDER_FLOW[action].from as readonly number[]).includes(status);
}

/** Whether this user may take this action on this order now. */
export function canAct(action: WorkOrderAction, order: ActingOn, who: Acting): boolean {
  const rule = WORK_ORDER_FLOW[action];
  return (
    statusAllows(action, order.status) && actorsOf(order, who).some((a) => (rule.by as readonly string[]).includes(a))
  );
}

/** Every action this user may take on this order now, in the table's order. */
export function allowedActions(order: ActingOn, who: Acting): WorkOrderAction[] {
  return WORK_ORDER_ACTIONS.filter((action) => canAct(action, order, who));
}

/** The status an action leads to (resume: back to where the order was suspended from). */
export function targetStatus(action: WorkOrderAction, suspendedFrom: number | null): WorkOrderStatus {
  const to = WORK_ORDER_FLOW[action].to;
  if (to !== 'previous') return to;
  return (suspendedFrom ?? pending) as WorkOrderStatus;
}
