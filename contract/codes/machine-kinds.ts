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
