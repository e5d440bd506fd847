import { and, asc, eq, inArray } from 'drizzle-orm';
import { ADMIN_ROLES, ROLE, type RoleId } from '@console/contract/codes/roles';
import { nextNode, type ProcessCategory, type ProcessEvent } from '@console/contract/codes/processes';
import type { FormFieldDecl, NodeDecl } from '@console/contract/http/processes';
import type { Db } from '../client.ts';
import { devices } from '../schema/devices.ts';
import { users } from '../schema/accounts.ts';
import {
  processDefinitions,
  processEvents,
  processForms,
  processInstances,
  processModels,
  processTasks,
} from '../schema/processes.ts';
import type { DemoOrganisations } from './accounts.ts';
import { BUSINESSES, say, type SeedLang } from './business.ts';
import { forEachInOrder } from '../in-order.ts';

/**
 * Process management's demo (decision 054), no faker: the operator's purchase and expense approvals (and a model
 * still in draft), each rental company's lease discount and machine scrapping approvals, in the business's
 * language; deployed versions (an older one suspended) and processes in every state with tasks for the demo
 * accounts, replayed by the routing of contract/codes/processes.ts.
 */

type Both = { zh: string; en: string };
const DAY = 86_400_000;

const field = (
  key: string,
  label: Both,
  type: FormFieldDecl['type'],
  required: boolean,
  options: Both[] = [],
  help: Both = { zh: '', en: '' },
) => ({ key, label, type, required, options, help });
type FieldSeed = ReturnType<typeof field>;

const node = (name: Both, rest: Partial<NodeDecl>): { name: Both; rest: Partial<NodeDecl> } => ({ name, rest });
type NodeSeed = ReturnType<typeof node>;

const PURCHASE_FIELDS: FieldSeed[] = [
  field('machineKind', { zh: '设备类型', en: 'Machine kind' }, 'select', true, [
    { zh: '高空作业平台', en: 'Aerial work platform' },
    { zh: '混凝土泵车', en: 'Concrete pump' },
    { zh: '叉车', en: 'Forklift' },
    { zh: '其他', en: 'Other' },
  ]),
  field('quantity', { zh: '数量（台）', en: 'Quantity' }, 'number', true),
  field('amount', { zh: '采购金额', en: 'Amount' }, 'money', true, [], {
    zh: '含税总价；20 万元及以上需总经理审批',
    en: 'Total with tax; from 200,000.00 the general manager approves',
  }),
  field('supplier', { zh: '供应商', en: 'Supplier' }, 'text', false),
  field('deliveryDate', { zh: '期望到货日期', en: 'Delivery wanted by' }, 'date', false),
  field('reason', { zh: '采购理由', en: 'Reason' }, 'textarea', true),
];
const EXPENSE_FIELDS: FieldSeed[] = [
  field('expenseType', { zh: '费用类型', en: 'Expense type' }, 'select', true, [
    { zh: '差旅', en: 'Travel' },
    { zh: '维修配件', en: 'Spare parts' },
    { zh: '办公', en: 'Office' },
  ]),
  field('amount', { zh: '报销金额', en: 'Amount' }, 'money', true),
  field('occurredOn', { zh: '发生日期', en: 'Date' }, 'date', true),
  field('description', { zh: '费用说明', en: 'Description' }, 'textarea', true),
];
const DISCOUNT_FIELDS: FieldSeed[] = [
  field('contractNo', { zh: '合同编号', en: 'Contract number' }, 'text', true),
  field('machine', { zh: '设备编号', en: 'Machine serial' }, 'machine', false),
  field('monthlyRent', { zh: '折后月租金', en: 'Monthly rent after discount' }, 'money', true, [], {
    zh: '5 万元及以上需行政复核',
    en: 'From 50,000.00 the office reviews it too',
  }),
  field('discount', { zh: '折扣（%）', en: 'Discount (%)' }, 'number', true),
  field('reason', { zh: '申请理由', en: 'Reason' }, 'textarea', true),
];
const SCRAP_FIELDS: FieldSeed[] = [
  field('machine', { zh: '设备编号', en: 'Machine serial' }, 'machine', true),
  field('residual', { zh: '残值', en: 'Residual value' }, 'money', false),
  field('reason', { zh: '报废原因', en: 'Reason' }, 'textarea', true),
];

interface ModelSeed {
  key: string;
  name: Both;
  category: ProcessCategory;
  formName: Both;
  fields: FieldSeed[];
  nodes: NodeSeed[];
  /** Deployed versions (0: a draft); the first of two is suspended. */
  versions: number;
}

const OPERATOR_MODELS = (people: Record<number, number>): ModelSeed[] => [
  {
    key: 'purchase',
    name: { zh: '设备采购审批', en: 'Machine purchase approval' },
    category: 'purchase',
    formName: { zh: '设备采购申请单', en: 'Machine purchase request' },
    fields: PURCHASE_FIELDS,
    nodes: [
      node({ zh: '财务审核', en: 'Finance review' }, { assigneeKind: 'role', roleId: ROLE.finance, mode: 'any' }),
      node(
        { zh: '总经理审批', en: 'General manager' },
        {
          assigneeKind: 'orgAdmin',
          conditionField: 'amount',
          conditionOp: 'gte',
          conditionValue: 20_000_000,
          ccUserIds: [people[ROLE.processMaintainer]!],
        },
      ),
    ],
    versions: 2,
  },
  {
    key: 'expense',
    name: { zh: '费用报销', en: 'Expense claim' },
    category: 'finance',
    formName: { zh: '费用报销单', en: 'Expense claim form' },
    fields: EXPENSE_FIELDS,
    nodes: [
      node({ zh: '主管审批', en: 'Manager' }, { assigneeKind: 'orgAdmin' }),
      node({ zh: '财务复核', en: 'Finance check' }, { assigneeKind: 'role', roleId: ROLE.finance }),
    ],
    versions: 1,
  },
  {
    key: 'scrap-review',
    name: { zh: '平台设备报废审批', en: 'Platform machine scrapping' },
    category: 'asset',
    formName: { zh: '平台设备报废申请', en: 'Platform scrapping request' },
    fields: SCRAP_FIELDS,
    nodes: [node({ zh: '管理员审批', en: 'Administrator' }, { assigneeKind: 'orgAdmin' })],
    versions: 0,
  },
];

const LESSOR_MODELS = (people: Record<number, number>): ModelSeed[] => [
  {
    key: 'lease-discount',
    name: { zh: '租赁折扣审批', en: 'Lease discount approval' },
    category: 'lease',
    formName: { zh: '租赁折扣申请单', en: 'Lease discount request' },
    fields: DISCOUNT_FIELDS,
    nodes: [
      node({ zh: '公司管理员审批', en: 'Manager approval' }, { assigneeKind: 'orgAdmin' }),
      node(
        { zh: '行政复核', en: 'Office review' },
        {
          assigneeKind: 'role',
          roleId: ROLE.lessorStaff,
          conditionField: 'monthlyRent',
          conditionOp: 'gte',
          conditionValue: 5_000_000,
        },
      ),
    ],
    versions: 1,
  },
  {
    key: 'scrap',
    name: { zh: '设备报废审批', en: 'Machine scrapping approval' },
    category: 'asset',
    formName: { zh: '设备报废申请单', en: 'Machine scrapping request' },
    fields: SCRAP_FIELDS,
    nodes: [
      node(
        { zh: '管理员与行政会签', en: 'Manager and office together' },
        { assigneeKind: 'user', userIds: [people[ROLE.lessorAdmin]!, people[ROLE.lessorStaff]!], mode: 'all' },
      ),
    ],
    versions: 1,
  },
];

/** A process to replay: its starter, its form's data, then each decision in order, and how many days ago it began. */
interface RunSeed {
  key: string;
  starter: RoleId;
  daysAgo: number;
  data: (lang: SeedLang, serial: string) => Record<string, unknown>;
  steps: ([action: 'approve' | 'reject', by: RoleId, comment: Both] | ['withdraw', RoleId, Both])[];
}

const purchase = (amount: number, kind: number, reason: Both) => (lang: SeedLang) => ({
  machineKind: say(lang, PURCHASE_FIELDS[0]!.options[kind]!),
  quantity: 2,
  amount,
  supplier: say(lang, { zh: '浙江鼎力机械', en: 'Dingli Machinery' }),
  reason: say(lang, reason),
});
const discount = (rent: number, pct: number) => (lang: SeedLang, serial: string) => ({
  contractNo: 'HT2026-0412',
  machine: serial,
  monthlyRent: rent,
  discount: pct,
  reason: say(lang, { zh: '老客户续租，长期合作', en: 'Long-standing customer renewing for a year' }),
});
const OK: Both = { zh: '同意', en: 'Approved' };

const OPERATOR_RUNS: RunSeed[] = [
  {
    key: 'purchase',
    starter: ROLE.companyEmployee,
    daysAgo: 1,
    data: purchase(1_280_000_00, 0, { zh: '华东区域新增高空车需求', en: 'New demand for aerial platforms' }),
    steps: [],
  },
  {
    key: 'purchase',
    starter: ROLE.companyEmployee,
    daysAgo: 3,
    data: purchase(36_500_000, 1, { zh: '泵车更新换代', en: 'Replacing old concrete pumps' }),
    steps: [['approve', ROLE.finance, { zh: '预算内，同意', en: 'Within budget' }]],
  },
  {
    key: 'purchase',
    starter: ROLE.companyEmployee,
    daysAgo: 9,
    data: purchase(8_600_000, 2, { zh: '仓库叉车补充', en: 'More forklifts for the yard' }),
    steps: [['approve', ROLE.finance, OK]],
  },
  {
    key: 'purchase',
    starter: ROLE.processMaintainer,
    daysAgo: 12,
    data: purchase(52_000_000, 1, { zh: '新增泵车车队', en: 'A new pump fleet' }),
    steps: [['reject', ROLE.finance, { zh: '本季度预算已用完，下季度再申请', en: 'No budget left this quarter' }]],
  },
  {
    key: 'purchase',
    starter: ROLE.companyEmployee,
    daysAgo: 15,
    data: purchase(4_200_000, 3, { zh: '配件采购', en: 'Spare parts' }),
    steps: [['withdraw', ROLE.companyEmployee, { zh: '金额填错，重新提交', en: 'Wrong amount, will resubmit' }]],
  },
  {
    key: 'expense',
    starter: ROLE.finance,
    daysAgo: 2,
    data: (lang) => ({
      expenseType: say(lang, EXPENSE_FIELDS[0]!.options[0]!),
      amount: 356_000,
      occurredOn: '2026-11-20',
      description: say(lang, { zh: '上海—合肥客户拜访差旅费', en: 'Customer visit travel' }),
    }),
    steps: [],
  },
  {
    key: 'expense',
    starter: ROLE.companyEmployee,
    daysAgo: 20,
    data: (lang) => ({
      expenseType: say(lang, EXPENSE_FIELDS[0]!.options[1]!),
      amount: 128_800,
      occurredOn: '2026-11-02',
      description: say(lang, { zh: '更换液压油管', en: 'Hydraulic hoses replaced' }),
    }),
    steps: [
      ['approve', ROLE.companyAdmin, OK],
      ['approve', ROLE.finance, OK],
    ],
  },
];

const LESSOR_RUNS: RunSeed[] = [
  { key: 'lease-discount', starter: ROLE.lessorSales, daysAgo: 1, data: discount(3_600_000, 8), steps: [] },
  {
    key: 'lease-discount',
    starter: ROLE.lessorSales,
    daysAgo: 4,
    data: discount(6_800_000, 12),
    steps: [['approve', ROLE.lessorAdmin, { zh: '客户信用良好', en: 'Good payer' }]],
  },
  {
    key: 'lease-discount',
    starter: ROLE.lessorSales,
    daysAgo: 8,
    data: discount(2_400_000, 5),
    steps: [['approve', ROLE.lessorAdmin, OK]],
  },
  {
    key: 'lease-discount',
    starter: ROLE.lessorSales,
    daysAgo: 11,
    data: discount(1_900_000, 30),
    steps: [['reject', ROLE.lessorAdmin, { zh: '折扣过大，低于成本价', en: 'The discount is below our cost' }]],
  },
  {
    key: 'lease-discount',
    starter: ROLE.lessorSales,
    daysAgo: 14,
    data: discount(2_000_000, 10),
    steps: [['withdraw', ROLE.lessorSales, { zh: '客户取消续租', en: 'The customer cancelled' }]],
  },
  {
    key: 'scrap',
    starter: ROLE.technician,
    daysAgo: 2,
    data: (lang, serial) => ({
      machine: serial,
      residual: 1_500_000,
      reason: say(lang, {
        zh: '主臂结构开裂，维修成本超过残值',
        en: 'Cracked boom; repair costs more than it is worth',
      }),
    }),
    steps: [['approve', ROLE.lessorAdmin, OK]],
  },
];

export async function seedProcesses(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  await seedOrg(db, orgs.operator, 'zh', OPERATOR_MODELS, OPERATOR_RUNS, now);
  await forEachInOrder(orgs.lessors, (orgId, i) =>
    seedOrg(db, orgId, BUSINESSES[i]!.lang, LESSOR_MODELS, LESSOR_RUNS, now),
  );
}

async function seedOrg(
  db: Db,
  orgId: number,
  lang: SeedLang,
  models: (people: Record<number, number>) => ModelSeed[],
  runs: RunSeed[],
  now: number,
) {
  // The organisation's first account of each role: the demo accounts (created first).
  const people: Record<number, number> = {};
  const staff = await db
    .select({ id: users.id, roleId: users.roleId })
    .from(users)
    .where(eq(users.orgId, orgId))
    .orderBy(asc(users.id))
    .all();
  for (const u of staff) people[u.roleId] ??= u.id;
  // A company without an administrator (the second lessor has no demo accounts) gets no processes.
  if (!people[ROLE.companyAdmin] && !people[ROLE.lessorAdmin]) return;
  const maintainer = people[ROLE.processMaintainer] ?? people[ROLE.companyAdmin] ?? null;
  const serial =
    (
      await db
        .select({ serial: devices.serialNumber })
        .from(devices)
        .where(eq(devices.orgId, orgId))
        .orderBy(asc(devices.id))
        .get()
    )?.serial ?? '';
  const definitions = new Map<string, typeof processDefinitions.$inferSelect>();
  for (const seed of models(people)) {
    const fields: FormFieldDecl[] = seed.fields.map((f) => ({
      key: f.key,
      label: say(lang, f.label),
      type: f.type,
      required: f.required,
      help: say(lang, f.help),
      options: f.options.map((o) => say(lang, o)),
    }));
    const nodes: NodeDecl[] = seed.nodes.map((n) => ({
      name: say(lang, n.name),
      assigneeKind: 'orgAdmin',
      roleId: null,
      userIds: [],
      mode: 'any',
      conditionField: '',
      conditionOp: null,
      conditionValue: null,
      ccUserIds: [],
      ...n.rest,
    }));
    const at = new Date(now - 60 * DAY);
    const form = await db
      .insert(processForms)
      .values({ orgId, name: say(lang, seed.formName), fields, updatedBy: maintainer, updatedAt: at })
      .returning()
      .get();
    const model = await db
      .insert(processModels)
      .values({
        orgId,
        key: seed.key,
        name: say(lang, seed.name),
        category: seed.category,
        formId: form.id,
        nodes,
        state: seed.versions > 0 ? 'deployed' : 'draft',
        latestVersion: seed.versions,
        updatedBy: maintainer,
        updatedAt: at,
      })
      .returning()
      .get();
    for (let version = 1; version <= seed.versions; version++) {
      const def = await db
        .insert(processDefinitions)
        .values({
          orgId,
          modelId: model.id,
          key: seed.key,
          name: model.name,
          category: seed.category,
          version,
          formName: form.name,
          formRevision: 1,
          fields,
          // The first of two versions had the finance review only.
          nodes: version < seed.versions ? nodes.slice(0, 1) : nodes,
          state: version < seed.versions ? 'suspended' : 'active',
          deployedBy: maintainer,
          deployedAt: new Date(now - (60 - version * 10) * DAY),
        })
        .returning()
        .get();
      definitions.set(seed.key, def);
    }
  }
  for (const run of runs) {
    const def = definitions.get(run.key);
    const starter = people[run.starter];
    if (!def || !starter) continue;
    await replay(db, def, starter, run.data(lang, serial), run.steps, people, lang, now - run.daysAgo * DAY);
  }
}

/** Start a process and take its decisions, as the server would (contract/codes/processes.ts routes it). */
async function replay(
  db: Db,
  def: typeof processDefinitions.$inferSelect,
  starter: number,
  data: Record<string, unknown>,
  steps: RunSeed['steps'],
  people: Record<number, number>,
  lang: SeedLang,
  startedAt: number,
) {
  const starterName =
    (await db.select({ name: users.name }).from(users).where(eq(users.id, starter)).get())?.name ?? '';
  const inst = await db
    .insert(processInstances)
    .values({
      number: '',
      orgId: def.orgId,
      definitionId: def.id,
      title: `${def.name} · ${starterName}`,
      data,
      startedBy: starter,
      startedAt: new Date(startedAt),
    })
    .returning()
    .get();
  await db
    .update(processInstances)
    .set({ number: `LC${String(inst.id).padStart(6, '0')}` })
    .where(eq(processInstances.id, inst.id))
    .run();
  let at = startedAt;
  const event = (e: ProcessEvent, more: Partial<typeof processEvents.$inferInsert> = {}) =>
    db
      .insert(processEvents)
      .values({ orgId: def.orgId, instanceId: inst.id, event: e, at: new Date(at), ...more })
      .run();
  const open = async (after: number) => {
    const next = nextNode(def.nodes, data, after);
    for (let i = after + 1; i < (next ?? def.nodes.length); i++) await event('skip', { nodeIndex: i });
    if (next === null) {
      await db
        .update(processInstances)
        .set({ state: 'approved', currentNode: null, endedAt: new Date(at) })
        .where(eq(processInstances.id, inst.id))
        .run();
      await event('finish');
      return null;
    }
    const n = def.nodes[next]!;
    const assignees = (
      await db
        .select({ id: users.id, roleId: users.roleId })
        .from(users)
        .where(and(eq(users.orgId, def.orgId), eq(users.disabled, false)))
        .all()
    ).filter((u) =>
      n.assigneeKind === 'role'
        ? u.roleId === n.roleId
        : n.assigneeKind === 'user'
          ? n.userIds.includes(u.id)
          : (ADMIN_ROLES as readonly number[]).includes(u.roleId),
    );
    for (const a of assignees)
      await db
        .insert(processTasks)
        .values({ orgId: def.orgId, instanceId: inst.id, nodeIndex: next, assigneeId: a.id, createdAt: new Date(at) })
        .run();
    await db.update(processInstances).set({ currentNode: next }).where(eq(processInstances.id, inst.id)).run();
    return next;
  };
  await event('start', { by: starter });
  let current = await open(-1);
  for (const [action, role, comment] of steps) {
    at += 3 * 3600_000;
    const by = people[role]!;
    const text = say(lang, comment);
    const pending = and(eq(processTasks.instanceId, inst.id), eq(processTasks.state, 'pending'));
    if (action === 'withdraw') {
      await db
        .update(processTasks)
        .set({ state: 'cancelled', handledAt: new Date(at) })
        .where(pending)
        .run();
      await db
        .update(processInstances)
        .set({ state: 'withdrawn', endedAt: new Date(at) })
        .where(eq(processInstances.id, inst.id))
        .run();
      await event('withdraw', { by, nodeIndex: current, comment: text });
      return;
    }
    const mine = and(pending, eq(processTasks.assigneeId, by));
    await db
      .update(processTasks)
      .set({ state: action === 'approve' ? 'approved' : 'rejected', comment: text, handledAt: new Date(at) })
      .where(mine)
      .run();
    await event(action, { by, nodeIndex: current, comment: text });
    if (action === 'reject') {
      await db
        .update(processTasks)
        .set({ state: 'cancelled', handledAt: new Date(at) })
        .where(pending)
        .run();
      await db
        .update(processInstances)
        .set({ state: 'rejected', endedAt: new Date(at) })
        .where(eq(processInstances.id, inst.id))
        .run();
      return;
    }
    const n = def.nodes[current!]!;
    const left = await db.select({ id: processTasks.id }).from(processTasks).where(pending).all();
    if (n.mode === 'all' && left.length > 0) continue;
    if (left.length > 0)
      await db
        .update(processTasks)
        .set({ state: 'cancelled', handledAt: new Date(at) })
        .where(
          inArray(
            processTasks.id,
            left.map((t) => t.id),
          ),
        )
        .run();
    await event('nodePassed', { nodeIndex: current });
    for (const to of n.ccUserIds) await event('cc', { nodeIndex: current, to });
    current = await open(current!);
  }
}
