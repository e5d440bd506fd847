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
