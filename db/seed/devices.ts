import { eq } from 'drizzle-orm';
import type { Faker } from '@faker-js/faker';
import { KIND_OUTPUTS, MACHINE_KINDS, type MachineKind } from '@console/contract/codes/machine-kinds';
import type { KindData } from '@console/contract/mqtt/payloads';
import { primaryStatus, type DeviceState } from '@console/contract/codes/device-state';
import { deviceSecret, hashDeviceSecret } from '@console/contract/mqtt/credentials';
import type { Db } from '../client.ts';
import { deviceModels, devices, telemetry } from '../schema/devices.ts';
import type { DemoOrganisations } from './accounts.ts';
import { BUSINESSES, type SeedLang } from './business.ts';
import { FLEET_MIX, modelName, modelNoun, sampleKindData } from './fleet-kinds.ts';
import { dayOf } from './maintenance-fleet.ts';
import { placeName, plateDraws, plateOf } from './places.ts';
import { mapInOrder } from '../in-order.ts';

export interface FleetOptions {
  count: number;
  /** How many machines get a full history of tracks and telemetry. */
  historyDevices: number;
  historyDays: number;
  now: number;
  /** Each machine's MQTT secret is derived from it (contract/mqtt/credentials.ts). */
  fleetSecret: string;
}

/**
 * The fleet codes a rental company paints on its machines, in its language (the Chinese in pinyin initials: 升降,
 * 叉车, 泵车, 湿喷, 割草, 船舶, 电池, 充电; the Australian in its hire trade's words: EWP, FLT and the rest).
 */
const FLEET_CODES: Record<MachineKind, Record<SeedLang, string>> = {
  aerialPlatform: { zh: 'SJ', en: 'EWP' },
  forklift: { zh: 'CC', en: 'FLT' },
  concretePump: { zh: 'BC', en: 'PMP' },
  wetSprayer: { zh: 'SP', en: 'SPR' },
  mower: { zh: 'GC', en: 'MWR' },
  boat: { zh: 'CB', en: 'WB' },
  battery: { zh: 'DC', en: 'BAT' },
  charger: { zh: 'CD', en: 'CHG' },
};

/** A machine's name as its company writes it: what it is and its fleet number ("剪叉式升降平台 SJ-1127"). */
function fleetName(kind: MachineKind, noun: string, lang: SeedLang, fleetNo: number): string {
  const number = `${FLEET_CODES[kind][lang]}-${String(fleetNo).padStart(4, '0')}`;
  return lang === 'zh' ? `${noun} ${number}` : `${number} ${noun}`;
}

function pickKind(f: Faker): MachineKind {
  return f.helpers.weightedArrayElement(MACHINE_KINDS.map((kind) => ({ value: kind, weight: FLEET_MIX[kind].weight })));
}

async function seedModels(db: Db, operatorId: number): Promise<Map<MachineKind, number[]>> {
  const byKind = new Map<MachineKind, number[]>();
  for (const kind of MACHINE_KINDS) {
    const ids = await mapInOrder(
      FLEET_MIX[kind].models,
      async (model) =>
        (
          await db
            .insert(deviceModels)
            .values({
              orgId: operatorId,
              name: model[0],
              // Its name in both languages (decision 064): the Chinese console finds the pumps by 泵.
              nameZh: modelName(model, 'zh'),
              nameEn: modelName(model, 'en'),
              brand: model[1],
              category: kind,
              image: `/machine-kinds/${kind}.svg`,
            })
            .returning({ id: deviceModels.id })
            .get()
        ).id,
    );
    byKind.set(kind, ids);
  }
  return byKind;
}

/** The demo fleet: machines of every kind around each lessor's work sites, leased to its customers. */
export async function seedFleet(db: Db, f: Faker, orgs: DemoOrganisations, options: FleetOptions): Promise<void> {
  const models = await seedModels(db, orgs.operator);
  const day = 24 * 60 * 60 * 1000;
  const serials = new Map<MachineKind, number>();
  // Each company numbers its own fleet, kind by kind, in a series of its own (1001…, 2001…, 3001…): no two
  // companies' machines, nor a machine and a controller's host name (AWP-0001), read alike.
  const fleetNumbers = new Map<string, number>();
  await db.transaction(async () => {
    for (let i = 0; i < options.count; i++) {
      const kind = pickKind(f);
      const n = (serials.get(kind) ?? 0) + 1;
      serials.set(kind, n);
      const owner = f.helpers.weightedArrayElement(BUSINESSES.map((b, idx) => ({ value: idx, weight: b.share })));
      const business = BUSINESSES[owner]!;
      const lessorId = orgs.lessors[owner]!;
      const serialNumber = `${FLEET_MIX[kind].prefix}${String(n).padStart(6, '0')}`;
      const customers = orgs.customers.slice(owner * 3, owner * 3 + 3);
      const place = f.helpers.arrayElement(business.places);
      const modelIndex = f.number.int({ min: 0, max: FLEET_MIX[kind].models.length - 1 });
      const model = FLEET_MIX[kind].models[modelIndex]!;
      const fleetNo = (fleetNumbers.get(`${owner}:${kind}`) ?? (owner + 1) * 1000) + 1;
      fleetNumbers.set(`${owner}:${kind}`, fleetNo);
      const leased = f.number.float() < 0.6;
      const online = f.number.float() < 0.72;
      // No machine is seeded locked: a lock is the outcome of a lock task, which the seed does not invent.
      const state: DeviceState = {
        online,
        machineOnline: online && f.number.float() < 0.95,
        activity: f.helpers.weightedArrayElement([
          { value: 'working', weight: 45 },
          { value: 'standby', weight: 35 },
          { value: 'stopped', weight: 20 },
        ]),
        lockLevel: 'unlocked',
        alarmOpen: false,
      };
      const hours = f.number.float({ min: 20, max: 9000, fractionDigits: 1 });
      const lastReport = online
        ? options.now - f.number.int({ min: 1, max: 30 }) * 1000
        : options.now - f.number.int({ min: 1, max: 20 * 24 }) * 3600 * 1000;
      await db
        .insert(devices)
        .values({
          orgId: lessorId,
          customerOrgId: leased ? f.helpers.arrayElement(customers) : null,
          distributorOrgId: f.number.float() < 0.3 ? f.helpers.arrayElement(orgs.distributors) : null,
          modelId: models.get(kind)![modelIndex]!,
          kind,
          serialNumber,
          hostSerial: `H${f.string.numeric(10)}`,
          hostName: `${FLEET_MIX[kind].prefix}-${String(n).padStart(4, '0')}`,
          deviceName: fleetName(kind, modelNoun(model, business.lang), business.lang, fleetNo),
          hostType: model[0],
          brand: model[1],
          machineNumber: f.string.alphanumeric({ length: 8, casing: 'upper' }),
          gpsSerial: `G${f.string.numeric(12)}`,
          positioning: f.number.float() < 0.9 ? 'gps' : 'base',
          licensePlate:
            kind === 'forklift' || kind === 'concretePump'
              ? plateOf(place, f.string.alphanumeric({ length: plateDraws(place), casing: 'upper' }))
              : '',
          engineNumber: f.string.alphanumeric({ length: 10, casing: 'upper' }),
          frameNumber: f.string.alphanumeric({ length: 17, casing: 'upper' }),
          // Up to six and a half years ago: the fleet survey's every age band has machines (decision 046).
          installedAt: dayOf(options.now - f.number.int({ min: 30, max: 2400 }) * day),
          location: placeName(place, business.lang),
          lat: place.lat + f.number.float({ min: -0.05, max: 0.05, fractionDigits: 5 }),
          lng: place.lng + f.number.float({ min: -0.05, max: 0.05, fractionDigits: 5 }),
          speed: 0,
          signal: online ? f.helpers.arrayElement(['strong', 'strong', 'medium', 'weak'] as const) : 'none',
          inventoryState: leased || f.number.float() < 0.5 ? 'installed' : 'inventory',
          leaseStatus: leased ? 'leased' : 'stock',
          // From tomorrow: the only machines whose service has stopped are the renewal demo's (renewals.ts: two a
          // company, as the README says).
          serviceExpiresAt: dayOf(options.now + f.number.int({ min: 1, max: 400 }) * day),
          online,
          sleeping: !online && f.number.float() < 0.2,
          lockLevel: state.lockLevel,
          machineOnline: state.machineOnline,
          activity: state.activity,
          alarmOpen: false,
          status: primaryStatus(state),
          workingHours: hours,
          latest: sampleKindData(kind, f, online && state.activity === 'working', hours, undefined, model[0]),
          lastDeviceTime: new Date(lastReport),
          lastReportAt: new Date(lastReport),
          mqttSecretHash: hashDeviceSecret(deviceSecret(options.fleetSecret, serialNumber)),
        })
        .run();
    }
  });
  await seedHistory(db, f, options);
}

const MINUTE = 60 * 1000;
const STEP = 5 * MINUTE;

/**
 * Seven days (by default) of telemetry and working-hour tracks for the first machines of the fleet, telling the
 * same story as the machine's row: the history ends at its last report (a machine offline since a day has none
 * after it), the hour meter climbs to the hours it reports, the battery drains while working and charges while
 * parked, and the machine stands where its last track point is. The row's latest reading is the history's last.
 */
async function seedHistory(db: Db, f: Faker, options: FleetOptions): Promise<void> {
  const sample = await db.select().from(devices).orderBy(devices.id).limit(options.historyDevices).all();
  const start = options.now - options.historyDays * 24 * 3600 * 1000;
  const readings: (typeof telemetry.$inferInsert)[] = [];
  for (const device of sample) {
    const end = Math.min(options.now, device.lastReportAt?.getTime() ?? options.now);
    const offsetHours = siteOffsetHours(device.lng ?? 121);
    const slots: { t: number; working: boolean }[] = [];
    // Every five minutes up to the last report itself.
    for (let t = end - Math.floor((end - start) / STEP) * STEP; t <= end; t += STEP) {
      // Work from 07:00 to 18:00 at the site, most of the time.
      const localHour = new Date(t + offsetHours * 3600 * 1000).getUTCHours();
      slots.push({ t, working: localHour >= 7 && localHour < 18 && f.number.float() < 0.85 });
    }
    const last = slots.at(-1);
    if (last) last.working = device.online && device.activity === 'working';
    const workedHours = (slots.filter((s) => s.working).length * STEP) / 3_600_000;
    let hours = Math.max(0, device.workingHours - workedHours);
    let charge = f.number.float({ min: 60, max: 100 });
    let lat = device.lat ?? 0;
    let lng = device.lng ?? 0;
    let data = device.latest;
    const counters = new Counters(offsetHours);
    // A charger or a pack is carried, not driven: it stays where it was put (decision 062).
    const drives = KIND_OUTPUTS[device.kind as MachineKind].includes('distanceKm');
    for (const { t, working } of slots) {
      // The report's track point, when it moved (a report at rest says no new position).
      let position = {};
      if (working) {
        hours += STEP / 3_600_000;
        charge = Math.max(20, charge - f.number.float({ min: 0.3, max: 1.2 }));
        const dLat = f.number.float({ min: -0.0006, max: 0.0006, fractionDigits: 6 });
        const dLng = f.number.float({ min: -0.0006, max: 0.0006, fractionDigits: 6 });
        const speed = f.number.float({ min: 0, max: 9, fractionDigits: 1 });
        if (drives) {
          lat += dLat;
          lng += dLng;
          position = { lat, lng, speed, alarmInfo: '' };
        }
      } else {
        charge = Math.min(100, charge + 1.5);
      }
      const reading = counters.carry(
        t,
        working,
        sampleKindData(device.kind, f, working, Math.round(hours * 10) / 10, charge, device.hostType),
      );
      data = reading;
      readings.push({
        deviceId: device.id,
        deviceTime: new Date(t),
        receivedAt: new Date(t + 800),
        data: reading,
        ...position,
      });
    }
    if (last) {
      await db.update(devices).set({ latest: data, lat, lng }).where(eq(devices.id, device.id)).run();
    }
  }
  // Multi-row inserts in one transaction: the history is tens of thousands of rows.
  await db.transaction(async (tx) => {
    for (let i = 0; i < readings.length; i += 500)
      await tx
        .insert(telemetry)
        .values(readings.slice(i, i + 500))
        .run();
  });
}

/**
 * The counters a unit keeps from reading to reading (decision 062): a charger's energy delivered, a pack's cycles and
 * a mower's area today only grow (the area from 0 each local day), at the pace of the work in the readings. The
 * sampled reading's own draws stay as they are, so nothing else in the seed shifts.
 */
class Counters {
  #energy: number | null = null;
  #cycles: number | null = null;
  #discharged = 0;
  #area = 0;
  #day = -1;
  constructor(readonly offsetHours: number) {}

  carry(t: number, working: boolean, data: KindData): KindData {
    const stepHours = STEP / 3_600_000;
    switch (data.kind) {
      case 'charger': {
        this.#energy ??= data.energyKwh;
        if (working) this.#energy += (data.outputV * data.outputA * stepHours) / 1000;
        return { ...data, energyKwh: Math.round(this.#energy * 10) / 10 };
      }
      case 'battery': {
        this.#cycles ??= data.cycles;
        // A cycle is a pack's capacity (400 Ah) discharged.
        if (data.currentA < 0) this.#discharged += -data.currentA * stepHours;
        if (this.#discharged >= 400) {
          this.#discharged -= 400;
          this.#cycles += 1;
        }
        return { ...data, cycles: this.#cycles };
      }
      case 'mower': {
        const day = Math.floor((t + this.offsetHours * 3_600_000) / 86_400_000);
        if (day !== this.#day) [this.#day, this.#area] = [day, 0];
        if (working) this.#area += Math.round(stepHours * 700);
        return { ...data, areaTodayM2: this.#area };
      }
      default:
        return data;
    }
  }
}

/** The site's offset from UTC by its longitude, near enough for its working day (China keeps one zone). */
function siteOffsetHours(lng: number): number {
  return lng > 73 && lng < 135 ? 8 : Math.round(lng / 15);
}
