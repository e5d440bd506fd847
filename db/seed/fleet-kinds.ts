import type { Faker } from '@faker-js/faker';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import type { KindData } from '@console/contract/mqtt/payloads';

/** How the seeded fleet divides among the kinds (weights), with its serial prefix and two models each. */
export const FLEET_MIX: Record<MachineKind, { weight: number; prefix: string; models: [string, string][] }> = {
  aerialPlatform: {
    weight: 40,
    prefix: 'AWP',
    models: [
      ['JCPT1412DC scissor lift', 'Dingli'],
      ['GTZZ22J boom lift', 'Sinoboom'],
    ],
  },
  forklift: {
    weight: 14,
    prefix: 'FLT',
    models: [
      ['CPD30 electric forklift', 'Heli'],
      ['CPCD50 diesel forklift', 'Hangcha'],
    ],
  },
  concretePump: {
    weight: 10,
    prefix: 'CPM',
    models: [
      ['HBT6016C trailer pump', 'Sany'],
      ['56X-6RZ boom pump', 'Zoomlion'],
    ],
  },
  wetSprayer: { weight: 5, prefix: 'WSP', models: [['HPS3016S wet spraying machine', 'Sany']] },
  mower: { weight: 8, prefix: 'MOW', models: [['RM-800 robotic mower', 'Greenfield']] },
  boat: { weight: 3, prefix: 'BOT', models: [['WB-12 work boat', 'Yangzi Marine']] },
  battery: { weight: 12, prefix: 'BAT', models: [['LFP 48V 400Ah battery pack', 'CATL']] },
  charger: { weight: 8, prefix: 'CHG', models: [['CH-48V-100A charger', 'Tonhe']] },
};

/** A plausible reading for a kind, inside the ranges contract/mqtt/payloads.ts accepts. */
export function sampleKindData(kind: MachineKind, f: Faker, working: boolean, hours: number): KindData {
  const n = (min: number, max: number, digits = 1) => f.number.float({ min, max, fractionDigits: digits });
  const faults: string[] =
    f.number.int({ min: 0, max: 40 }) === 0 ? [f.helpers.arrayElement(['E01', 'E12', 'P07'])] : [];
  switch (kind) {
    case 'aerialPlatform':
      return {
        kind,
        platformHeightM: working ? n(2, 18) : 0,
        loadPct: working ? n(10, 85) : 0,
        tiltDeg: n(0, working ? 6 : 2),
        batteryV: n(23, 26),
        batteryPct: n(20, 100, 0),
        driving: working && f.datatype.boolean(),
        lifting: working,
        workingHours: hours,
        faults,
      };
    case 'concretePump':
      return {
        kind,
        pumpStatus: working ? 'pumping' : 'standby',
        mode: f.helpers.arrayElement(['performance', 'energySaving']),
        displacementM3h: working ? n(30, 120) : 0,
        pressureMpa: working ? n(8, 28) : 0,
        pumpCurrentA: working ? [n(80, 220), n(80, 220)] : [0, 0],
        engineHours: hours,
        faults,
      };
    case 'wetSprayer':
      return {
        kind,
        spraying: working,
        sprayRateM3h: working ? n(5, 25) : 0,
        pressureMpa: working ? n(2, 12) : 0,
        acceleratorPct: working ? n(3, 8) : 0,
        engineHours: hours,
        faults,
      };
    case 'mower':
      return {
        kind,
        cutting: working,
        bladeRpm: working ? n(2500, 3200, 0) : 0,
        batteryPct: n(15, 100, 0),
        areaTodayM2: n(0, 8000, 0),
        workingHours: hours,
        faults,
      };
    case 'boat':
      return {
        kind,
        engineRpm: working ? n(900, 2600, 0) : 0,
        fuelPct: n(10, 100, 0),
        waterTempC: n(8, 28),
        engineHours: hours,
        faults,
      };
    case 'forklift':
      return {
        kind,
        loadKg: working ? n(0, 2800, 0) : 0,
        forkHeightM: working ? n(0, 4) : 0,
        batteryPct: n(15, 100, 0),
        driving: working,
        workingHours: hours,
        faults,
      };
    case 'battery':
      return {
        kind,
        chargePct: n(10, 100, 0),
        voltageV: n(46, 54),
        currentA: working ? n(-180, -10) : n(0, 60),
        temperatureC: n(15, 42),
        cycles: f.number.int({ min: 20, max: 1800 }),
        faults,
      };
    case 'charger':
      return {
        kind,
        state: working ? 'charging' : f.helpers.arrayElement(['idle', 'full']),
        outputV: working ? n(48, 58) : 0,
        outputA: working ? n(20, 100) : 0,
        energyKwh: n(100, 40000),
        faults,
      };
  }
}
