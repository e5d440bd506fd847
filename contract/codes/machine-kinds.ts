import { codeTable } from './code-table.ts';

/** The machine kinds the product monitors (spec section 1). A device model's category is one of these. */
export const MACHINE_KINDS = [
  'aerialPlatform',
  'concretePump',
  'wetSprayer',
  'mower',
  'boat',
  'forklift',
  'battery',
  'charger',
] as const;
export type MachineKind = (typeof MACHINE_KINDS)[number];

/** Labels and colours of the machine kinds, for badges, filters and the device model's category. */
export const MACHINE_KIND = codeTable('machineKind', [
  ['aerialPlatform', 'aerialPlatform', 'blue'],
  ['concretePump', 'concretePump', 'volcano'],
  ['wetSprayer', 'wetSprayer', 'cyan'],
  ['mower', 'mower', 'green'],
  ['boat', 'boat', 'geekblue'],
  ['forklift', 'forklift', 'orange'],
  ['battery', 'battery', 'purple'],
  ['charger', 'charger', 'magenta'],
]);

/** A figure of work a machine can produce (decision 037): the daily work's columns beside its hours. */
export type WorkOutput = 'distanceKm' | 'volumeM3' | 'areaM2' | 'lifts' | 'energyKwh' | 'cycles';

/**
 * What each kind can produce (docs/decisions/062-physical-figures.md): a charger or a battery pack stands where it
 * is put (moved on a truck, it drives nothing), only pumps and sprayers place concrete, and so on. The rollup
 * credits a kind nothing else, whatever its unit reports.
 */
export const KIND_OUTPUTS: Record<MachineKind, readonly WorkOutput[]> = {
  aerialPlatform: ['distanceKm', 'lifts'],
  concretePump: ['distanceKm', 'volumeM3'],
  wetSprayer: ['distanceKm', 'volumeM3'],
  mower: ['distanceKm', 'areaM2'],
  boat: ['distanceKm'],
  forklift: ['distanceKm', 'lifts'],
  battery: ['cycles'],
  charger: ['energyKwh'],
};

/**
 * The most a machine of the kinds the product monitors produces in an hour of reporting (decision 062): a charger
 * of the fleet's class delivers at most 60 kW, a pack is cycled at most once an hour, a mower cuts at most
 * 10,000 m² an hour. A counter that advances faster (a controller replaced, a counter reset, a broken report) is
 * not credited beyond these.
 */
export const MAX_CHARGER_KW = 60;
export const MIN_CYCLE_HOURS = 1;
export const MAX_MOWING_M2_PER_HOUR = 10_000;
