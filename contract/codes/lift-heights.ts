/**
 * The highest each aerial platform model's platform rises, in metres, from its maker's sheet (the working height is
 * 2 m above it): a JCPT1412DC scissor lift reaches 12 m (14 m working), a GTZZ22J boom lift 20 m (22 m working). A
 * scissor lift stays between about 6 and 16 m of working height; only a boom goes higher. The demo seed's readings
 * and the simulator's machines both stay within their model's figure. Keyed by the model's English name.
 */
export const PLATFORM_HEIGHT_M: Readonly<Record<string, number>> = {
  'JCPT1412DC scissor lift': 12,
  'GTZZ22J boom lift': 20,
};

/**
 * A model's platform limit by its name in either language ("JCPT1412DC scissor lift", "JCPT1412DC 剪叉式升降平台"):
 * the type code before the first space decides. Null for a model not listed here.
 */
export function platformHeightOf(model: string): number | null {
  const code = model.split(' ')[0];
  const found = Object.entries(PLATFORM_HEIGHT_M).find(([name]) => name.split(' ')[0] === code);
  return found ? found[1] : null;
}
