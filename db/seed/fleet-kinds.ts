import type { Faker } from '@faker-js/faker';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import type { KindData } from '@console/contract/mqtt/payloads';
import { PLATFORM_HEIGHT_M } from '@console/contract/codes/lift-heights';
import type { SeedLang } from './business.ts';

/** A model: its name (its code and what it is), its maker, and what it is in Chinese. */
export type ModelSeed = [name: string, brand: string, nounZh: string];

/** What a model is, in a machine's name: 'scissor lift' of 'JCPT1412DC scissor lift', or 剪叉式升降平台. */
export const modelNoun = ([name, , nounZh]: ModelSeed, lang: SeedLang): string =>
  lang === 'zh' ? nounZh : name.split(' ').slice(1).join(' ');

/** A model's full name in a language: its type code and what it is ("HBT6016C 拖泵", "HBT6016C trailer pump"). */
export const modelName = (model: ModelSeed, lang: SeedLang): string =>
  lang === 'zh' ? `${model[0].split(' ')[0]} ${model[2]}` : model[0];

/** How the seeded fleet divides among the kinds (weights), with its serial prefix and its models. */
export const FLEET_MIX: Record<MachineKind, { weight: number; prefix: string; models: ModelSeed[] }> = {
  aerialPlatform: {
    weight: 40,
    prefix: 'AWP',
    models: [
      ['JCPT1412DC scissor lift', 'Dingli', '剪叉式升降平台'],
      ['GTZZ22J boom lift', 'Sinoboom', '曲臂式升降平台'],
    ],
  },
  forklift: {
    weight: 14,
    prefix: 'FLT',
    models: [
      ['CPD30 electric forklift', 'Heli', '电动叉车'],
      ['CPCD50 diesel forklift', 'Hangcha', '柴油叉车'],
    ],
  },
  concretePump: {
    weight: 10,
    prefix: 'CPM',
    models: [
      ['HBT6016C trailer pump', 'Sany', '拖泵'],
      ['56X-6RZ boom pump', 'Zoomlion', '泵车'],
    ],
  },
  wetSprayer: { weight: 5, prefix: 'WSP', models: [['HPS3016S wet spraying machine', 'Sany', '湿喷机']] },
  mower: { weight: 8, prefix: 'MOW', models: [['RM-800 robotic mower', 'Greenfield', '割草机器人']] },
  boat: { weight: 3, prefix: 'BOT', models: [['WB-12 work boat', 'Yangzi Marine', '作业船']] },
  battery: { weight: 12, prefix: 'BAT', models: [['LFP 48V 400Ah battery pack', 'CATL', '电池组']] },
  charger: { weight: 8, prefix: 'CHG', models: [['CH-48V-100A charger', 'Tonhe', '充电机']] },
};

/** Each model's platform limit lives in the contract: the simulator's machines keep to the same figures. */
export { PLATFORM_HEIGHT_M };

/**
 * A plausible reading for a kind, inside the ranges contract/mqtt/payloads.ts accepts and its model's reach
 * (`model`: the model's name). `charge` is the state of charge (or fuel) in percent when the caller carries it from
 * reading to reading; else one is drawn.
 */
export function sampleKindData(
  kind: MachineKind,
  f: Faker,
  working: boolean,
  hours: number,
  charge: number | undefined,
  model: string,
): KindData {
  const n = (min: number, max: number, digits = 1) => f.number.float({ min, max, fractionDigits: digits });
  const level = (min: number) => (charge === undefined ? n(min, 100, 0) : Math.round(Math.max(min, charge)));
  const faults: string[] =
    f.number.int({ min: 0, max: 40 }) === 0 ? [f.helpers.arrayElement(['E01', 'E12', 'P07'])] : [];
  switch (kind) {
    case 'aerialPlatform':
      return {
        kind,
        platformHeightM: working ? n(2, PLATFORM_HEIGHT_M[model] ?? 12) : 0,
        loadPct: working ? n(10, 85) : 0,
        tiltDeg: n(0, working ? 6 : 2),
        batteryV: n(23, 26),
        batteryPct: level(20),
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
        batteryPct: level(15),
        areaTodayM2: n(0, 8000, 0),
        workingHours: hours,
        faults,
      };
    case 'boat':
      return {
        kind,
        engineRpm: working ? n(900, 2600, 0) : 0,
        fuelPct: level(10),
        waterTempC: n(8, 28),
        engineHours: hours,
        faults,
      };
    case 'forklift':
      return {
        kind,
        loadKg: working ? n(0, 2800, 0) : 0,
        forkHeightM: working ? n(0, 4) : 0,
        batteryPct: level(15),
        driving: working,
        workingHours: hours,
        faults,
      };
    case 'battery':
      return {
        kind,
        chargePct: level(10),
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
