import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Faker } from '@faker-js/faker';
import { ROLE } from '@console/contract/codes/roles';
import { FEEDBACK_OF_ORDER, WO_STATUS, type WorkOrderAction } from '@console/contract/codes/work-order-flow';
import type { Db } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { devices } from '../schema/devices.ts';
import { faultRecords } from '../schema/faults.ts';
import { feedback } from '../schema/feedback.ts';
import { technicianProfiles } from '../schema/technicians.ts';
import { alarms } from '../schema/warning.ts';
import { workOrderEvents, workOrders } from '../schema/work-orders.ts';
import { createUser, demoAccount, type DemoOrganisations } from './accounts.ts';

const HOUR = 3600 * 1000;

interface Story {
  title: string;
  content: string;
  type: number;
  level: number;
  /** The actions taken, in order, an hour or more apart. */
  steps: WorkOrderAction[];
  /** Which technician: 0 the demo technician, 1 their colleague. */
  tech?: 0 | 1;
  /** The machine: 0 the one the demo customer rents through the demo distributor, else another. */
  machine: number;
  source?: 'alarm' | 'feedback' | 'upkeep' | 'fault';
}

const STORIES: Story[] = [
  {
    title: '臂架无法升起 / Boom does not lift',
    content: '客户反映臂架升到一半停止。',
    type: 1,
    level: 4,
    steps: ['assign'],
    tech: 0,
    machine: 0,
  },
  {
    title: '液压油渗漏 / Hydraulic oil leak',
    content: '底盘下方有油迹。',
    type: 1,
    level: 3,
    steps: ['assign', 'repair'],
    tech: 0,
    machine: 0,
    source: 'feedback',
  },
  {
    title: '六个月保养 / Six-month service',
    content: '按保养计划进行例行保养。',
    type: 2,
    level: 2,
    steps: ['assign', 'repair', 'pay', 'resolve'],
    tech: 0,
    machine: 1,
    source: 'upkeep',
  },
  {
    title: '倾斜报警复查 / Tilt alarm check',
    content: '设备多次触发倾斜报警。',
    type: 3,
    level: 5,
    steps: [],
    machine: 0,
    source: 'alarm',
  },
  {
    title: '电池无法充电 / Battery will not charge',
    content: '充电器指示灯不亮。',
    type: 1,
    level: 3,
    steps: ['assign', 'suspend'],
    tech: 1,
    machine: 2,
  },
  {
    title: '控制器无响应 / Controller silent',
    content: '控制器离线超过一天。',
    type: 1,
    level: 4,
    steps: ['assign', 'repair', 'pay'],
    tech: 1,
    machine: 1,
    source: 'fault',
  },
  {
    title: '新机安装调试 / New machine set-up',
    content: '安装定位终端并调试。',
    type: 4,
    level: 1,
    steps: ['close'],
    machine: 3,
  },
  { title: '轮胎磨损 / Worn tyres', content: '更换前轮。', type: 1, level: 2, steps: [], machine: 2 },
];

const DETAILS: Partial<Record<WorkOrderAction, (tech: number) => Record<string, unknown>>> = {
  assign: (tech) => ({ assigneeId: tech }),
  repair: () => ({
    faultTypes: ['hydraulic'],
    faultCause: '密封圈老化 / Worn seal',
    partsUsed: '密封圈 x2 / Seal x2',
    repairMethod: '更换密封圈 / Replaced the seals',
  }),
  pay: () => ({ amount: 380, settled: true }),
};
const REMARKS: Partial<Record<WorkOrderAction, string>> = {
  suspend: '等待配件 / Waiting for parts',
  close: '客户已自行处理 / Customer handled it',
};
const NEXT: Record<WorkOrderAction, number> = {
  assign: WO_STATUS.assigned,
  repair: WO_STATUS.repaired,
  pay: WO_STATUS.paid,
  resolve: WO_STATUS.resolved,
  suspend: WO_STATUS.suspended,
  resume: WO_STATUS.assigned,
  close: WO_STATUS.resolved,
};

/** Technicians beside the demo one: a colleague at the demo rental company and one at the second. */
async function seedTechnicians(db: Db, faker: Faker, orgs: DemoOrganisations): Promise<number[]> {
  const demo = db
    .select()
    .from(users)
    .where(eq(users.mobile, demoAccount(ROLE.technician)))
    .get()!;
  const others = [];
  for (const orgId of [orgs.lessors[0]!, orgs.lessors[1]!]) {
    const tech = await createUser(db, {
      orgId,
      mobile: `137${faker.string.numeric(8)}`,
      roleId: ROLE.technician,
      nickname: faker.person.firstName(),
      name: faker.person.fullName(),
      password: faker.internet.password({ length: 14 }),
    });
    others.push(tech.id);
  }
  const profiles = [
    { userId: demo.id, region: '上海市 / Shanghai', skills: ['液压 Hydraulics', '电气 Electrics'] },
    { userId: others[0]!, region: '江苏省 / Jiangsu', skills: ['电池 Batteries'] },
    { userId: others[1]!, region: '广东省 / Guangdong', skills: ['发动机 Engines'] },
  ];
  db.insert(technicianProfiles).values(profiles).run();
  return [demo.id, ...others];
}

/**
 * Demo work orders in every state, with their timelines: some on the machine the demo customer rents through
 * the demo distributor and assigned to the demo technician, so every role's view has orders; a few at the
 * second rental company for its own people.
 */
export async function seedWorkOrders(db: Db, faker: Faker, orgs: DemoOrganisations, now: number): Promise<void> {
  const techs = await seedTechnicians(db, faker, orgs);
  const creator = db
    .select()
    .from(users)
    .where(eq(users.mobile, demoAccount(ROLE.lessorAdmin)))
    .get()!;
  const lessorMachines = (orgId: number) =>
    db.select().from(devices).where(eq(devices.orgId, orgId)).orderBy(asc(devices.id)).limit(8).all();
  const shared = db
    .select()
    .from(devices)
    .where(
      and(
        eq(devices.orgId, orgs.lessors[0]!),
        eq(devices.customerOrgId, orgs.customers[0]!),
        eq(devices.distributorOrgId, orgs.distributors[0]!),
        isNotNull(devices.id),
      ),
    )
    .orderBy(asc(devices.id))
    .get();
  const own = lessorMachines(orgs.lessors[0]!).filter((d) => d.id !== shared?.id);
  const machines = [shared ?? own[0]!, ...own];
  const second = lessorMachines(orgs.lessors[1]!);
  const runs = [
    ...STORIES.map((story, i) => ({ story, device: machines[story.machine]!, techs: [techs[0]!, techs[1]!], i })),
    ...STORIES.slice(0, 3).map((story, i) => ({ story, device: second[i]!, techs: [techs[2]!, techs[2]!], i: i + 20 })),
  ];
  const perDay = new Map<string, number>();
  for (const { story, device, techs: pair, i } of runs) {
    const start = now - (10 - (i % 10)) * 24 * HOUR - i * 7 * 60 * 1000;
    const day = new Date(start + 8 * HOUR).toISOString().slice(0, 10).replaceAll('-', '');
    const seq = (perDay.get(day) ?? 0) + 1;
    perDay.set(day, seq);
    const tech = pair[story.tech ?? 0]!;
    const assigned = story.steps.includes('assign');
    const repaired = story.steps.includes('repair');
    const paid = story.steps.includes('pay');
    const status = story.steps.reduce((_, step) => NEXT[step], WO_STATUS.pending as number);
    // An order points at the record it was raised from: a real alarm of its machine, the customer's feedback, the
    // fault record. An upkeep order names its plan by number only (a plan's schedule is the server's to compute).
    const alarm = story.source === 'alarm' ? alarmOf(db, device, start) : undefined;
    const order = { at: start, status, by: creator.id };
    const report = story.source === 'feedback' ? customerFeedback(db, device, story, order) : undefined;
    const fault = story.source === 'fault' ? faultRecord(db, device, story, order) : undefined;
    const sourceId =
      story.source === 'alarm'
        ? alarm!.id
        : story.source === 'feedback'
          ? (report?.id ?? null)
          : story.source === 'fault'
            ? fault!.id
            : story.source
              ? 1000 + i
              : null;
    const at = (step: number) => new Date(start + step * 3 * HOUR);
    const created = db
      .insert(workOrders)
      .values({
        number: `WO${day}${String(seq).padStart(4, '0')}`,
        title: story.title,
        type: story.type,
        level: story.level,
        status,
        suspendedFrom: story.steps.at(-1) === 'suspend' ? WO_STATUS.assigned : null,
        deviceId: device.id,
        deviceKind: device.kind,
        orgId: device.orgId,
        source: sourceId === null ? 'manual' : story.source!,
        sourceId,
        province: '上海市',
        city: '上海市',
        district: '浦东新区',
        address: faker.location.streetAddress(),
        phone: `139${faker.string.numeric(8)}`,
        content: story.content,
        assigneeId: assigned ? tech : null,
        solverId: repaired ? tech : null,
        settled: paid,
        paymentAmount: paid ? 380 : null,
        ...(repaired ? (DETAILS.repair!(tech) as object) : {}),
        createdBy: creator.id,
        createdAt: at(0),
        updatedAt: at(story.steps.length),
      })
      .returning({ id: workOrders.id })
      .get();
    let from: number = WO_STATUS.pending;
    const events = [
      {
        action: 'create' as const,
        userId: creator.id,
        fromStatus: null,
        toStatus: from,
        remark: '',
        details: {},
        at: at(0),
      },
      ...story.steps.map((step, n) => {
        const to = NEXT[step];
        const row = {
          action: step,
          userId: step === 'repair' || step === 'resolve' ? tech : creator.id,
          fromStatus: from,
          toStatus: to,
          remark: REMARKS[step] ?? '',
          details: DETAILS[step]?.(tech) ?? {},
          at: at(n + 1),
        };
        from = to;
        return row;
      }),
    ];
    db.insert(workOrderEvents)
      .values(events.map((e) => ({ ...e, workOrderId: created.id })))
      .run();
    if (report) db.update(feedback).set({ workOrderId: created.id }).where(eq(feedback.id, report.id)).run();
    if (fault) db.update(faultRecords).set({ workOrderId: created.id }).where(eq(faultRecords.id, fault.id)).run();
  }
}

/**
 * An alarm of the machine for an alarm order: one it has, or else the tilt alarm the story checks, ended before the
 * order (the seeded alarms depend on the day, so the machine may have none).
 */
function alarmOf(db: Db, device: typeof devices.$inferSelect, orderAt: number): { id: number } {
  const held = db.select({ id: alarms.id }).from(alarms).where(eq(alarms.deviceId, device.id)).get();
  if (held) return held;
  return db
    .insert(alarms)
    .values({
      deviceId: device.id,
      type: 'tilt',
      level: 3,
      value: 16.2,
      threshold: 14,
      zoneName: device.location,
      projectName: device.deviceName,
      startedAt: new Date(orderAt - 2 * HOUR),
      endedAt: new Date(orderAt - HOUR),
    })
    .returning({ id: alarms.id })
    .get();
}

/** The fault record a fault order was raised from: repaired as the order records, once it was repaired. */
function faultRecord(db: Db, device: typeof devices.$inferSelect, story: Story, order: { at: number }): { id: number } {
  const repaired = story.steps.includes('repair');
  const repair = DETAILS.repair!(0) as {
    faultTypes: string[];
    faultCause: string;
    partsUsed: string;
    repairMethod: string;
  };
  return db
    .insert(faultRecords)
    .values({
      orgId: device.orgId,
      deviceId: device.id,
      faultTypes: repair.faultTypes,
      cause: repaired ? repair.faultCause : story.content,
      parts: repaired ? repair.partsUsed : '',
      repairMethod: repaired ? repair.repairMethod : '',
      occurredAt: new Date(order.at - HOUR),
      repairedAt: repaired ? new Date(order.at + 6 * HOUR) : null,
      state: repaired ? 'repaired' : 'open',
      reporterName: '王师傅',
      createdAt: new Date(order.at - HOUR),
    })
    .returning({ id: faultRecords.id })
    .get();
}

/**
 * The feedback a customer sent about its leased machine, which the lessor turned into this work order: it reads
 * as the order went (repaired, paid, resolved). None for a machine without a customer.
 */
function customerFeedback(
  db: Db,
  device: typeof devices.$inferSelect,
  story: Story,
  order: { at: number; status: number; by: number },
): { id: number } | undefined {
  if (device.customerOrgId === null) return undefined;
  const reporter = db
    .select()
    .from(users)
    .where(and(eq(users.orgId, device.customerOrgId), eq(users.roleId, ROLE.other)))
    .get();
  return db
    .insert(feedback)
    .values({
      orgId: device.orgId,
      reporterOrgId: device.customerOrgId,
      deviceId: device.id,
      info: story.content,
      reporterName: reporter?.name ?? '',
      phone: reporter?.mobile ?? '',
      images: [],
      status: FEEDBACK_OF_ORDER[order.status as keyof typeof FEEDBACK_OF_ORDER] ?? 1,
      handledBy: order.by,
      handledAt: new Date(order.at),
      createdBy: reporter?.id ?? null,
      createdAt: new Date(order.at - HOUR),
    })
    .returning({ id: feedback.id })
    .get();
}
