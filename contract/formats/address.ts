/** An address as organisations, stores, work orders and leases keep it: region parts and the street line. */
export interface AddressParts {
  province: string | null;
  city: string | null;
  district: string | null;
  /** The street line: "380 Church Street", "张江路100号". */
  address: string | null;
}

/** Australia's states and territories by their names, as addresses abbreviate them. */
const AU_STATES: Record<string, string> = {
  'new south wales': 'NSW',
  victoria: 'VIC',
  queensland: 'QLD',
  'western australia': 'WA',
  'south australia': 'SA',
  tasmania: 'TAS',
  'australian capital territory': 'ACT',
  'northern territory': 'NT',
};
const AU_ABBREVIATIONS = new Set(Object.values(AU_STATES));

const HAN = /\p{Script=Han}/u;

/** The state's abbreviation when the region is an Australian state or territory (named or abbreviated). */
function australianState(province: string): string | undefined {
  const name = province.trim();
  return AU_STATES[name.toLowerCase()] ?? (AU_ABBREVIATIONS.has(name.toUpperCase()) ? name.toUpperCase() : undefined);
}

/** Whether a region (an address's province part) is an Australian state or territory: the party is Australian. */
export const isAustralianRegion = (province: string | null | undefined): boolean =>
  australianState(province ?? '') !== undefined;

/** The parts given, trimmed, a part that repeats the one before left out (a municipality is its own city). */
const distinct = (parts: (string | null)[]): string[] =>
  parts.map((p) => (p ?? '').trim()).filter((part, i, all) => part !== '' && part !== all[i - 1]);

/**
 * An address as it is written where it lies, whoever reads it: a Chinese address (its parts are written in Chinese)
 * runs from the province down to the street, 上海市 浦东新区 张江路100号, and an address abroad from the street up,
 * "380 Church Street, Parramatta NSW" in Australia (suburb, then the state's abbreviation) and
 * "10 Jurong Gateway Road, Jurong East, Singapore" elsewhere. The order belongs to the address, not to the
 * reader's language: a Chinese company's address in an English page is still written in Chinese. Screens space a
 * Chinese address's parts so a long one wraps; a printed document (`document`) runs them together, as on paper.
 */
export function addressText(parts: AddressParts, options: { document?: boolean } = {}): string {
  const { province, city, district, address } = parts;
  if (HAN.test([province, city, district, address].join(''))) {
    return distinct([province, city, district, address]).join(options.document ? '' : ' ');
  }
  const state = australianState(province ?? '');
  if (state) {
    // An Australian address names the suburb, not the city it belongs to: "Parramatta NSW", not "Sydney".
    const locality = [(district || city || '').trim(), state].filter(Boolean).join(' ');
    return distinct([address, locality]).join(', ');
  }
  return distinct([address, district, city, province]).join(', ');
}
