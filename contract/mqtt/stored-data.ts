import type { KindData } from './payloads.ts';

/**
 * How a report's kind data is stored (telemetry's `data`, docs/decisions/075's layout): a JSON array, the number of
 * its shape first, then the values of the shape's fields in the shape's order. The field names are written once, here,
 * not in every row: a machine reporting every 10 s would otherwise store each name 8,640 times a day.
 *
 * Shapes are only ever appended: a stored row keeps its shape's number for as long as it is kept. A kind whose
 * reading gains or loses a field gets a new shape (the last of a kind is the one written); its older shapes stay so
 * that older rows still read.
 */
export const STORED_SHAPES: readonly { kind: KindData['kind']; fields: readonly string[] }[] = [
  {
    kind: 'aerialPlatform',
    fields: [
      'platformHeightM',
      'loadPct',
      'tiltDeg',
      'batteryV',
      'batteryPct',
      'driving',
      'lifting',
      'workingHours',
      'faults',
    ],
  },
  {
    kind: 'concretePump',
    fields: ['pumpStatus', 'mode', 'displacementM3h', 'pressureMpa', 'pumpCurrentA', 'engineHours', 'faults'],
  },
  {
    kind: 'wetSprayer',
    fields: ['spraying', 'sprayRateM3h', 'pressureMpa', 'acceleratorPct', 'engineHours', 'faults'],
  },
  { kind: 'mower', fields: ['cutting', 'bladeRpm', 'batteryPct', 'areaTodayM2', 'workingHours', 'faults'] },
  { kind: 'boat', fields: ['engineRpm', 'fuelPct', 'waterTempC', 'engineHours', 'faults'] },
  { kind: 'forklift', fields: ['loadKg', 'forkHeightM', 'batteryPct', 'driving', 'workingHours', 'faults'] },
  { kind: 'battery', fields: ['chargePct', 'voltageV', 'currentA', 'temperatureC', 'cycles', 'faults'] },
  { kind: 'charger', fields: ['state', 'outputV', 'outputA', 'energyKwh', 'faults'] },
];

/** The shape each kind is written in: its last. */
const WRITTEN = new Map(STORED_SHAPES.map((shape, n) => [shape.kind, n]));

/** A reading as stored: `[shape, value, …]` as JSON text. */
export function storedData(data: KindData): string {
  const n = WRITTEN.get(data.kind)!;
  const values = data as unknown as Record<string, unknown>;
  return JSON.stringify([n, ...STORED_SHAPES[n]!.fields.map((field) => values[field] ?? null)]);
}

/** A stored reading (its JSON text or parsed array) as the kind data it was written from. */
export function readStoredData(stored: string | readonly unknown[]): KindData {
  const [n, ...values] = typeof stored === 'string' ? (JSON.parse(stored) as unknown[]) : stored;
  const shape = STORED_SHAPES[n as number];
  if (!shape) throw new Error(`stored telemetry of unknown shape ${String(n)}`);
  const data: Record<string, unknown> = { kind: shape.kind };
  shape.fields.forEach((field, i) => {
    if (values[i] !== undefined && values[i] !== null) data[field] = values[i];
  });
  return data as KindData;
}

/**
 * Where a field of a kind's reading (`name`, or `name.i` of an array) sits in the stored array, for each shape of the
 * kind that has it: SQL reads a reading's value by its position
 * (server/src/routes/device-detail/history.ts, the history chart).
 */
export function storedPositions(kind: KindData['kind'], field: string): { shape: number; path: number[] }[] {
  const [name, ...rest] = field.split('.');
  return STORED_SHAPES.flatMap((shape, n) => {
    const at = shape.kind === kind ? shape.fields.indexOf(name!) : -1;
    return at < 0 ? [] : [{ shape: n, path: [at + 1, ...rest.map(Number)] }];
  });
}
