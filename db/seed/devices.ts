import type { Faker } from '@faker-js/faker';
import { MACHINE_KINDS, type MachineKind } from '@console/contract/codes/machine-kinds';
import { primaryStatus, type DeviceState } from '@console/contract/codes/device-state';
import { deviceSecret, hashDeviceSecret } from '@console/contract/mqtt/credentials';
import type { Db } from '../client.ts';
import { deviceModels, devices, telemetry, trackPoints } from '../schema/devices.ts';
import type { DemoOrganisations } from './accounts.ts';
import { FLEET_MIX, sampleKindData } from './fleet-kinds.ts';

/** Work sites by lessor: the first two lease in China, the third abroad (the global brand's demo). */
const SITES: [name: string, lat: number, lng: number][][] = [
  [
    ['上海 Shanghai', 31.2304, 121.4737],
    ['杭州 Hangzhou', 30.2741, 120.1551],
    ['苏州 Suzhou', 31.2989, 120.5853],
    ['南京 Nanjing', 32.0603, 118.7969],
  ],
  [
    ['广州 Guangzhou', 23.1291, 113.2644],
    ['深圳 Shenzhen', 22.5431, 114.0579],
    ['武汉 Wuhan', 30.5928, 114.3055],
    ['成都 Chengdu', 30.5728, 104.0668],
  ],
  [
    ['Singapore', 1.3521, 103.8198],
    ['Sydney', -33.8688, 151.2093],
    ['Dubai', 25.2048, 55.2708],
  ],
];
/** Share of the fleet each lessor owns. */
const OWNER_SHARE = [0.5, 0.3, 0.2];

export interface FleetOptions {
  count: number;
  /** How many machines get a full history of tracks and telemetry. */
  historyDevices: number;
  historyDays: number;
  now: number;
  /** Each machine's MQTT secret is derived from it (contract/mqtt/credentials.ts). */
  fleetSecret: string;
}

function pickKind(f: Faker): MachineKind {
  return f.helpers.weightedArrayElement(MACHINE_KINDS.map((kind) => ({ value: kind, weight: FLEET_MIX[kind].weight })));
}

function seedModels(db: Db, operatorId: number): Map<MachineKind, number[]> {
  const byKind = new Map<MachineKind, number[]>();
  for (const kind of MACHINE_KINDS) {
    const ids = FLEET_MIX[kind].models.map(
      ([name, brand]) =>
        db
          .insert(deviceModels)
          .values({ orgId: operatorId, name, brand, category: kind, image: `/machine-kinds/${kind}.svg` })
          .returning({ id: deviceModels.id })
          .get().id,
    );
    byKind.set(kind, ids);
  }
  return byKind;
}

/** The demo fleet: machines of every kind around each lessor's work sites, leased to its customers. */
export function seedFleet(db: Db, f: Faker, orgs: DemoOrganisations, options: FleetOptions): void {
  const models = seedModels(db, orgs.operator);
  const day = 24 * 60 * 60 * 1000;
  const serials = new Map<MachineKind, number>();
  db.transaction(() => {
    for (let i = 0; i < options.count; i++) {
      const kind = pickKind(f);
      const n = (serials.get(kind) ?? 0) + 1;
      serials.set(kind, n);
      const owner = f.helpers.weightedArrayElement(OWNER_SHARE.map((weight, idx) => ({ value: idx, weight })));
      const lessorId = orgs.lessors[owner]!;
      const serialNumber = `${FLEET_MIX[kind].prefix}${String(n).padStart(6, '0')}`;
      const customers = orgs.customers.slice(owner * 3, owner * 3 + 3);
      const [site, lat, lng] = f.helpers.arrayElement(SITES[owner]!);
      const leased = f.number.float() < 0.6;
      const online = f.number.float() < 0.72;
      const state: DeviceState = {
        online,
        machineOnline: online && f.number.float() < 0.95,
        activity: f.helpers.weightedArrayElement([
          { value: 'working', weight: 45 },
          { value: 'standby', weight: 35 },
          { value: 'stopped', weight: 20 },
        ]),
        lockLevel: f.helpers.weightedArrayElement([
          { value: 'unlocked', weight: 90 },
          { value: 'preLock1', weight: 4 },
          { value: 'lock1', weight: 4 },
          { value: 'lock2', weight: 2 },
        ]),
        alarmOpen: false,
      };
      const hours = f.number.float({ min: 20, max: 9000, fractionDigits: 1 });
      const lastReport = online
        ? options.now - f.number.int({ min: 1, max: 30 }) * 1000
        : options.now - f.number.int({ min: 1, max: 20 * 24 }) * 3600 * 1000;
      db.insert(devices)
        .values({
          orgId: lessorId,
          customerOrgId: leased ? f.helpers.arrayElement(customers) : null,
          distributorOrgId: f.number.float() < 0.3 ? f.helpers.arrayElement(orgs.distributors) : null,
          modelId: f.helpers.arrayElement(models.get(kind)!),
          kind,
          serialNumber,
          hostSerial: `H${f.string.numeric(10)}`,
          hostName: `${FLEET_MIX[kind].prefix}-${String(n).padStart(4, '0')}`,
          deviceName: `${site.split(' ').at(-1)} ${FLEET_MIX[kind].models[0]![0].split(' ').slice(1).join(' ')} ${n}`,
          hostType: FLEET_MIX[kind].models[0]![0],
          brand: FLEET_MIX[kind].models[0]![1],
          machineNumber: f.string.alphanumeric({ length: 8, casing: 'upper' }),
          gpsSerial: `G${f.string.numeric(12)}`,
          positioning: f.number.float() < 0.9 ? 'gps' : 'base',
          licensePlate:
            kind === 'forklift' || kind === 'concretePump'
              ? `沪${f.string.alphanumeric({ length: 5, casing: 'upper' })}`
              : '',
          engineNumber: f.string.alphanumeric({ length: 10, casing: 'upper' }),
          frameNumber: f.string.alphanumeric({ length: 17, casing: 'upper' }),
          installedAt: new Date(options.now - f.number.int({ min: 30, max: 900 }) * day),
          location: site,
          lat: lat + f.number.float({ min: -0.08, max: 0.08, fractionDigits: 5 }),
          lng: lng + f.number.float({ min: -0.08, max: 0.08, fractionDigits: 5 }),
          speed: 0,
          signal: online ? f.helpers.arrayElement(['strong', 'strong', 'medium', 'weak'] as const) : 'none',
          inventoryState: leased || f.number.float() < 0.5 ? 'installed' : 'inventory',
          leaseStatus: leased ? 'leased' : 'stock',
          serviceExpiresAt: new Date(options.now + f.number.int({ min: -20, max: 400 }) * day),
          online,
          sleeping: !online && f.number.float() < 0.2,
          lockLevel: state.lockLevel,
          machineOnline: state.machineOnline,
          activity: state.activity,
          alarmOpen: false,
          status: primaryStatus(state),
          workingHours: hours,
          latest: sampleKindData(kind, f, online && state.activity === 'working', hours),
          lastDeviceTime: new Date(lastReport),
          lastReportAt: new Date(lastReport),
          mqttSecretHash: hashDeviceSecret(deviceSecret(options.fleetSecret, serialNumber)),
        })
        .run();
    }
  });
  seedHistory(db, f, options);
}

/** Seven days (by default) of working-hour tracks and telemetry for the first machines of the fleet. */
function seedHistory(db: Db, f: Faker, options: FleetOptions): void {
  const sample = db.select().from(devices).limit(options.historyDevices).all();
  const hour = 3600 * 1000;
  const start = options.now - options.historyDays * 24 * hour;
  const tracks: (typeof trackPoints.$inferInsert)[] = [];
  const readings: (typeof telemetry.$inferInsert)[] = [];
  for (const device of sample) {
    let lat = device.lat ?? 0;
    let lng = device.lng ?? 0;
    let hours = Math.max(0, device.workingHours - options.historyDays * 8);
    for (let t = start; t < options.now; t += 5 * 60 * 1000) {
      // Work from 07:00 to 18:00 at the site (China time for the first sites; good enough for a demo).
      const localHour = new Date(t + 8 * hour).getUTCHours();
      const working = localHour >= 7 && localHour < 18 && f.number.float() < 0.85;
      if (working) {
        hours += 5 / 60;
        const speed = f.number.float({ min: 0, max: 9, fractionDigits: 1 });
        lat += f.number.float({ min: -0.0006, max: 0.0006, fractionDigits: 6 });
        lng += f.number.float({ min: -0.0006, max: 0.0006, fractionDigits: 6 });
        tracks.push({ deviceId: device.id, gpsTime: new Date(t), receivedAt: new Date(t + 800), lat, lng, speed });
      }
      readings.push({
        deviceId: device.id,
        deviceTime: new Date(t),
        receivedAt: new Date(t + 800),
        data: sampleKindData(device.kind, f, working, Math.round(hours * 10) / 10),
      });
    }
  }
  // Multi-row inserts in one transaction: the history is tens of thousands of rows.
  db.transaction((tx) => {
    for (let i = 0; i < tracks.length; i += 500)
      tx.insert(trackPoints)
        .values(tracks.slice(i, i + 500))
        .run();
    for (let i = 0; i < readings.length; i += 500)
      tx.insert(telemetry)
        .values(readings.slice(i, i + 500))
        .run();
  });
}
