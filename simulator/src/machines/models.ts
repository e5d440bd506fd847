import { aerialPlatform } from './aerial-platform.ts';
import { battery } from './battery.ts';
import { boat } from './boat.ts';
import { charger } from './charger.ts';
import { concretePump } from './concrete-pump.ts';
import { forklift } from './forklift.ts';
import { mower } from './mower.ts';
import type { KindModels } from './types.ts';
import { wetSprayer } from './wet-sprayer.ts';

/** The model of each machine kind the product monitors. */
export const KIND_MODELS: KindModels = {
  aerialPlatform,
  concretePump,
  wetSprayer,
  mower,
  boat,
  forklift,
  battery,
  charger,
};
