import type { MachineKind } from './machine-kinds.ts';
import type { Check } from './quality.ts';

/**
 * The standard end-of-line test sheets (docs/decisions/055-quality-management.md), each item named in both
 * languages. A brand's plan copies them in its own language, and an inspection copies its plan, so an item is kept
 * under one title: the overview finds the item of its title here (either language) to count the same check once and
 * name it in the reader's language.
 */
export interface SheetItem {
  /** The check item's identity: the same key is the same check on every sheet and in either language. */
  key: string;
  zh: string;
  en: string;
  check: Check;
  reading?: string;
  min?: number;
  max?: number;
}

const item = (
  key: string,
  zh: string,
  en: string,
  check: Check,
  reading?: string,
  min?: number,
  max?: number,
): SheetItem => ({
  key,
  zh,
  en,
  check,
  ...(reading !== undefined ? { reading } : {}),
  ...(min !== undefined ? { min } : {}),
  ...(max !== undefined ? { max } : {}),
});

/** What every machine's telematics unit is checked for, first. */
export const UNIT_ITEMS: SheetItem[] = [
  item('reporting', '终端通信：60 秒内上报', 'Telematics reports within 60 s', 'reporting'),
  item('positionFixed', '定位有效', 'Position fixed', 'positionFixed'),
  item('noFaults', '控制器无故障码', 'No controller fault code', 'noFaults'),
  item('unlocked', '锁车状态为未锁', 'Lock state reads unlocked', 'unlocked'),
];

/** Each kind's readings and the inspector's own checks, as an end-of-line test sheet lists them. */
export const KIND_ITEMS: Record<MachineKind, SheetItem[]> = {
  aerialPlatform: [
    item('batteryVoltage', '电池电压', 'Battery voltage', 'reading', 'batteryV', 23.5),
    item(
      'tiltOnLevel',
      '倾角传感器读数（水平地面）',
      'Tilt sensor on level ground',
      'reading',
      'tiltDeg',
      undefined,
      3,
    ),
    item('liftTest110', '110% 额定载荷举升试验', 'Lift test at 110% rated load', 'manual'),
    item('emergencyLowering', '紧急下降功能', 'Emergency lowering works', 'manual'),
    item('decalsAndFinish', '警示标识与外观', 'Decals, guards and finish', 'manual'),
  ],
  concretePump: [
    item('pumpingPressure', '泵送压力', 'Pumping pressure', 'reading', 'pressureMpa', undefined, 32),
    item('boomFoldTest', '臂架展开收回试验', 'Boom unfold and fold test', 'manual'),
    item('noHydraulicLeaks', '液压系统无渗漏', 'No hydraulic leaks', 'manual'),
  ],
  wetSprayer: [
    item('sprayingPressure', '喷射压力', 'Spraying pressure', 'reading', 'pressureMpa', undefined, 20),
    item('acceleratorPump', '速凝剂计量泵标定', 'Accelerator pump calibrated', 'manual'),
    item('sprayArm', '喷射臂动作', 'Spray arm movement', 'manual'),
  ],
  mower: [
    item('batteryCharge', '电池电量', 'Battery charge', 'reading', 'batteryPct', 80),
    item('bladesQuiet', '刀盘空转无异响', 'Blades run without noise', 'manual'),
    item('emergencyStop', '急停按钮', 'Emergency stop', 'manual'),
  ],
  boat: [
    item('fuelLevel', '燃油量', 'Fuel level', 'reading', 'fuelPct', 20),
    item('coolingWater', '冷却水温', 'Cooling water temperature', 'reading', 'waterTempC', undefined, 40),
    item('hullWatertight', '船体气密试验', 'Hull watertight test', 'manual'),
    item('lifeSavingGear', '救生设备齐全', 'Life-saving gear complete', 'manual'),
  ],
  forklift: [
    // The same check as the mower's: one item wherever it is on a sheet.
    item('batteryCharge', '电池电量', 'Battery charge', 'reading', 'batteryPct', 80),
    item('ratedLoadLift', '额定载荷起升试验', 'Rated load lift test', 'manual'),
    item('brakingDistance', '制动距离', 'Braking distance', 'manual'),
  ],
  battery: [
    item('packVoltage', '总电压', 'Pack voltage', 'reading', 'voltageV', 46),
    item('packTemperature', '电池温度', 'Pack temperature', 'reading', 'temperatureC', undefined, 45),
    item('caseInsulation', '外壳绝缘电阻', 'Case insulation resistance', 'manual'),
  ],
  charger: [
    item('outputVoltage', '输出电压在额定范围内', 'Output voltage within rating', 'reading', 'outputV', 0, 60),
    item('earthingAndInsulation', '接地与绝缘检查', 'Earthing and insulation', 'manual'),
  ],
};

/** A kind's whole sheet: the unit's items, then the kind's own. */
export const sheetOf = (kind: MachineKind): SheetItem[] => [...UNIT_ITEMS, ...KIND_ITEMS[kind]];

const lookupKey = (title: string, check: string, reading: string | null | undefined) =>
  `${check}\u0000${reading ?? ''}\u0000${title.trim()}`;

const BY_TITLE = new Map<string, SheetItem>(
  [...UNIT_ITEMS, ...Object.values(KIND_ITEMS).flat()].flatMap((i) => [
    [lookupKey(i.zh, i.check, i.reading), i],
    [lookupKey(i.en, i.check, i.reading), i],
  ]),
);

/**
 * The standard item an inspection's item was copied from: the same check (and reading) under its Chinese or
 * English title. Undefined for an item a plan's editor wrote in their own words.
 */
export const sheetItemOf = (title: string, check: string, reading: string | null): SheetItem | undefined =>
  BY_TITLE.get(lookupKey(title, check, reading));
