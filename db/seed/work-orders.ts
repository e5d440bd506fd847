import { and, asc, eq, isNull } from 'drizzle-orm';
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
import {
  createUser,
  demoAccount,
  type DemoOrganisations,
  GLOBAL_BUSINESS,
  GLOBAL_DEMO_AREA_CODE,
  globalDemoAccount,
} from './accounts.ts';
import { type Both, say, type SeedLang, streetAddress } from './business.ts';
import { auMobile, cnMobile, personName } from './identities.ts';
import { KIND_TEXTS } from './kind-texts.ts';
import { dayOf } from './maintenance-fleet.ts';
import { PLACES, placeOf } from './places.ts';

const HOUR = 3600 * 1000;
const PLATFORM_FAULT = KIND_TEXTS.aerialPlatform.faults[0]!;

interface Story {
  title: Both;
  content: Both;
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
    title: { zh: '臂架无法升起', en: 'Boom will not rise' },
    content: { zh: '客户反映臂架升到一半停止。', en: 'The customer reports the boom stops halfway up.' },
    type: 1,
    level: 4,
    steps: ['assign'],
    tech: 0,
    machine: 0,
  },
  {
    title: { zh: '液压油渗漏', en: 'Hydraulic oil leak' },
    content: KIND_TEXTS.aerialPlatform.feedback[3]!,
    type: 1,
    level: 3,
    steps: ['assign', 'repair'],
    tech: 0,
    machine: 0,
    source: 'feedback',
  },
  {
    title: { zh: '六个月保养', en: 'Six-month service' },
    content: { zh: '按保养计划进行例行保养。', en: 'Routine service as the maintenance plan schedules it.' },
    type: 2,
    level: 2,
    steps: ['assign', 'repair', 'pay', 'resolve'],
    tech: 0,
    machine: 1,
    source: 'upkeep',
  },
  {
    title: { zh: '倾斜报警复查', en: 'Tilt alarm check' },
    content: { zh: '设备多次触发倾斜报警。', en: 'The machine raised the tilt alarm several times.' },
    type: 3,
    level: 5,
    steps: [],
    machine: 0,
    source: 'alarm',
  },
  {
    title: { zh: '电池无法充电', en: 'Battery will not charge' },
    content: { zh: '充电器指示灯不亮。', en: 'The charger light stays off.' },
    type: 1,
    level: 3,
    steps: ['assign', 'suspend'],
    tech: 1,
    machine: 2,
  },
  {
    title: { zh: '平台自然下沉', en: 'Platform drifts down' },
    content: {
      zh: '平台升起后十分钟内下沉约 10 厘米。',
      en: 'Raised, the platform sinks about 10 cm within ten minutes.',
    },
    type: 1,
    level: 4,
    steps: ['assign', 'repair', 'pay'],
    tech: 1,
    machine: 1,
    source: 'fault',
  },
  {
    title: { zh: '新机安装调试', en: 'New machine: fit and commission' },
    content: { zh: '安装定位终端并调试。', en: 'Fit the tracking unit and commission it.' },
    type: 4,
    level: 1,
    steps: ['close'],
    machine: 3,
  },
  {
    title: { zh: '轮胎磨损', en: 'Worn tyres' },
    content: { zh: '更换前轮。', en: 'Replace the front wheels.' },
    type: 1,
    level: 2,
    steps: [],
    machine: 2,
  },
];

const DETAILS: Partial<Record<WorkOrderAction, (tech: number, lang: SeedLang) => Record<string, unknown>>> = {
  assign: (tech) => ({ assigneeId: tech }),
  // The stories' machines are aerial platforms (lessorMachines): the repair is one of their faults.
  repair: (_, lang) => ({
    faultTypes: PLATFORM_FAULT.types,
    faultCause: say(lang, PLATFORM_FAULT.cause),
    partsUsed: say(lang, PLATFORM_FAULT.parts),
    repairMethod: say(lang, PLATFORM_FAULT.fix),
  }),
  pay: () => ({ amountCents: 38_000, settled: true }),
};
const REMARKS: Partial<Record<WorkOrderAction, Both>> = {
  suspend: { zh: '等待配件', en: 'Waiting for parts' },
  close: { zh: '客户已自行处理', en: 'The customer dealt with it' },
};
/** Who wrote a fault record down on site. */
const FAULT_REPORTER: Both = { zh: '王师傅', en: 'Sam Carter' };
const NEXT: Record<WorkOrderAction, number> = {
  assign: WO_STATUS.assigned,
  repair: WO_STATUS.repaired,
  pay: WO_STATUS.paid,
  resolve: WO_STATUS.resolved,
  suspend: WO_STATUS.suspended,
  resume: WO_STATUS.assigned,
  close: WO_STATUS.resolved,
};

/**
 * Technicians beside the demo ones: a colleague at the demo rental company, one at the second, and one beside the
 * English company's demo technician. Answers [demo, colleague, second's, global demo, global colleague].
 */
async function seedTechnicians(db: Db, faker: Faker, orgs: DemoOrganisations): Promise<number[]> {
  const byMobile = async (mobile: string) => (await db.select().from(users).where(eq(users.mobile, mobile)).get())!;
  const demo = await byMobile(demoAccount(ROLE.technician));
  const globalDemo = await byMobile(globalDemoAccount(ROLE.technician).account);
  const english = orgs.lessors[GLOBAL_BUSINESS]!;
  const others = [];
  for (const orgId of [orgs.lessors[0]!, orgs.lessors[1]!, english]) {
    const digits = faker.string.numeric(8);
    // Named in its company's language; faker's draws are kept as the key, so the draws after stay the same.
    const person = personName(
      orgId === english ? 'en' : 'zh',
      `${faker.person.firstName()} ${faker.person.fullName()}`,
    );
    const tech = await createUser(db, {
      orgId,
      mobile: orgId === english ? auMobile(digits) : cnMobile(digits),
      ...(orgId === english ? { areaCode: GLOBAL_DEMO_AREA_CODE } : {}),
      roleId: ROLE.technician,
      nickname: person.given,
      name: person.name,
      password: faker.internet.password({ length: 14 }),
    });
    others.push(tech.id);
  }
  const profiles = [
    { userId: demo.id, region: '上海市', skills: ['液压', '电气'] },
    { userId: others[0]!, region: '江苏省', skills: ['电池'] },
    { userId: others[1]!, region: '广东省', skills: ['发动机'] },
    { userId: globalDemo.id, region: 'New South Wales', skills: ['Hydraulics', 'Electrical'] },
    { userId: others[2]!, region: 'Singapore', skills: ['Batteries'] },
  ];
  await db.insert(technicianProfiles).values(profiles).run();
  return [demo.id, others[0]!, others[1]!, globalDemo.id, others[2]!];
}

/**
 * Demo work orders in every state, with their timelines: some on the machine the demo customer rents through
 * the demo distributor and assigned to the demo technician, so every role's view has orders; a few at the
 * second rental company for its own people.
 */
export async function seedWorkOrders(db: Db, faker: Faker, orgs: DemoOrganisations, now: number): Promise<void> {
  const techs = await seedTechnicians(db, faker, orgs);
  const creator = (await db
    .select()
    .from(users)
    .where(eq(users.mobile, demoAccount(ROLE.lessorAdmin)))
    .get())!;
  // The stories are an aerial platform's (boom, platform, tilt, battery): they are told of aerial platforms.
  const lessorMachines = (orgId: number) =>
    db
      .select()
      .from(devices)
      .where(and(eq(devices.orgId, orgId), eq(devices.kind, 'aerialPlatform')))
      .orderBy(asc(devices.id))
      .limit(8)
      .all();
  const shared = await db
    .select()
    .from(devices)
    .where(
      and(
        eq(devices.orgId, orgs.lessors[0]!),
        eq(devices.customerOrgId, orgs.customers[0]!),
        eq(devices.distributorOrgId, orgs.distributors[0]!),
        eq(devices.kind, 'aerialPlatform'),
      ),
    )
    .orderBy(asc(devices.id))
    .get();
  const own = (await lessorMachines(orgs.lessors[0]!)).filter((d) => d.id !== shared?.id);
  const machines = [shared ?? own[0]!, ...own];
  const second = await lessorMachines(orgs.lessors[1]!);
  const global = await lessorMachines(orgs.lessors[GLOBAL_BUSINESS]!);
  const globalCreator = (await db
    .select()
    .from(users)
    .where(eq(users.mobile, globalDemoAccount(ROLE.lessorAdmin).account))
    .get())!;
  const zh = { lang: 'zh' as const, author: creator };
  const runs = [
    ...STORIES.map((story, i) => ({
      story,
      device: machines[story.machine]!,
      techs: [techs[0]!, techs[1]!],
      i,
      ...zh,
    })),
    ...STORIES.slice(0, 3).map((story, i) => ({
      story,
      device: second[i]!,
      techs: [techs[2]!, techs[2]!],
      i: i + 20,
      ...zh,
    })),
    // The English company's own orders, in English, for its technician's day.
    ...STORIES.map((story, i) => ({
      story,
      device: global[story.machine]!,
      techs: [techs[3]!, techs[4]!],
      i: i + 40,
      lang: 'en' as const,
      author: globalCreator,
    })),
  ];
  const perDay = new Map<string, number>();
  // A small fleet (tests seed one) may not have a machine for every story.
  for (const { story, device, techs: pair, i, lang, author } of runs.filter((run) => run.device)) {
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
    const alarm = story.source === 'alarm' ? await alarmOf(db, device, start) : undefined;
    const order = { at: start, status, by: author.id };
    const report =
      story.source === 'feedback' ? await customerFeedback(db, device, say(lang, story.content), order) : undefined;
    const fault = story.source === 'fault' ? await faultRecord(db, device, story, order, lang) : undefined;
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
    const created = await db
      .insert(workOrders)
      .values({
        number: `WO${day}${String(seq).padStart(4, '0')}`,
        title: say(lang, story.title),
        type: story.type,
        level: story.level,
        status,
        suspendedFrom: story.steps.at(-1) === 'suspend' ? WO_STATUS.assigned : null,
        deviceId: device.id,
        deviceKind: device.kind,
        orgId: device.orgId,
        source: sourceId === null ? 'manual' : story.source!,
        sourceId,
        ...siteOf(device, i, lang),
        // Kept beside its calling code as the work-order form keeps it: an Australian mobile without its trunk 0.
        ...(lang === 'zh'
          ? { phone: cnMobile(faker.string.numeric(8)) }
          : { areaCode: GLOBAL_DEMO_AREA_CODE, phone: auMobile(faker.string.numeric(8)) }),
        content: say(lang, story.content),
        assigneeId: assigned ? tech : null,
        solverId: repaired ? tech : null,
        settled: paid,
        paymentCents: paid ? 38_000 : null,
        ...(repaired ? (DETAILS.repair!(tech, lang) as object) : {}),
        createdBy: author.id,
        createdAt: at(0),
        updatedAt: at(story.steps.length),
      })
      .returning({ id: workOrders.id })
      .get();
    let from: number = WO_STATUS.pending;
    const events = [
      {
        action: 'create' as const,
        userId: author.id,
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
          userId: step === 'repair' || step === 'resolve' ? tech : author.id,
          fromStatus: from,
          toStatus: to,
          remark: REMARKS[step] ? say(lang, REMARKS[step]) : '',
          details: DETAILS[step]?.(tech, lang) ?? {},
          at: at(n + 1),
        };
        from = to;
        return row;
      }),
    ];
    await db
      .insert(workOrderEvents)
      .values(events.map((e) => ({ ...e, workOrderId: created.id })))
      .run();
    if (report) await db.update(feedback).set({ workOrderId: created.id }).where(eq(feedback.id, report.id)).run();
    if (fault)
      await db.update(faultRecords).set({ workOrderId: created.id }).where(eq(faultRecords.id, fault.id)).run();
  }
}

/** Where the machine works: the real place its location names, and a street there. */
function siteOf(device: typeof devices.$inferSelect, n: number, lang: SeedLang) {
  const place = placeOf(device.location) ?? (lang === 'zh' ? PLACES.pudong : PLACES.parramatta);
  const { province, city, district } = place;
  return { province, city, district, address: streetAddress(place, lang, n) };
}

/**
 * An alarm of the machine for an alarm order: one it has, or else the tilt alarm the story checks, ended before the
 * order (the seeded alarms depend on the day, so the machine may have none).
 */
async function alarmOf(db: Db, device: typeof devices.$inferSelect, orderAt: number): Promise<{ id: number }> {
  const held = await db.select({ id: alarms.id }).from(alarms).where(eq(alarms.deviceId, device.id)).get();
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
async function faultRecord(
  db: Db,
  device: typeof devices.$inferSelect,
  story: Story,
  order: { at: number },
  lang: SeedLang,
): Promise<{ id: number }> {
  const repaired = story.steps.includes('repair');
  const repair = DETAILS.repair!(0, lang) as {
    faultTypes: string[];
    faultCause: string;
    partsUsed: string;
    repairMethod: string;
  };
  const record = {
    orgId: device.orgId,
    deviceId: device.id,
    faultTypes: repair.faultTypes,
    cause: repair.faultCause,
    parts: repaired ? repair.partsUsed : '',
    repairMethod: repaired ? repair.repairMethod : '',
    occurredAt: dayOf(order.at - HOUR),
    repairedAt: repaired ? dayOf(order.at + 6 * HOUR) : null,
    state: repaired ? ('repaired' as const) : ('open' as const),
    reporterName: say(lang, FAULT_REPORTER),
    createdAt: new Date(order.at - HOUR),
  };
  // A machine tells of one fault: a record the fault seed already gave it becomes the order's, not a second alike.
  const held = await db
    .select({ id: faultRecords.id })
    .from(faultRecords)
    .where(and(eq(faultRecords.deviceId, device.id), isNull(faultRecords.workOrderId)))
    .get();
  if (held) {
    await db.update(faultRecords).set(record).where(eq(faultRecords.id, held.id)).run();
    return held;
  }
  return db.insert(faultRecords).values(record).returning({ id: faultRecords.id }).get();
}

/**
 * The feedback a customer sent about its leased machine, which the lessor turned into this work order: it reads
 * as the order went (repaired, paid, resolved). None for a machine without a customer.
 */
async function customerFeedback(
  db: Db,
  device: typeof devices.$inferSelect,
  info: string,
  order: { at: number; status: number; by: number },
): Promise<{ id: number } | undefined> {
  if (device.customerOrgId === null) return undefined;
  const reporter = await db
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
      info,
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
