/** The server's default zone, that of a request without one (server/src/lib/time.ts resolveTimeZone). */
export const DEFAULT_ZONE = 'Asia/Shanghai';

/**
 * The time zone a machine's days are counted in (decision 037): that of the organisation it works for, the customer
 * while it is with one and its owner otherwise, read from the organisation's address. Organisations keep no zone of
 * their own; a mainland Chinese address (provinces, municipalities and regions are written in Chinese) is
 * Asia/Shanghai, the places abroad the seeded business and its customers work in have their zone, and anything
 * else counts in the server's default zone, as a request without a zone does.
 */
const ZONES_ABROAD: Record<string, string> = {
  'new south wales': 'Australia/Sydney',
  victoria: 'Australia/Melbourne',
  queensland: 'Australia/Brisbane',
  'western australia': 'Australia/Perth',
  'south australia': 'Australia/Adelaide',
  singapore: 'Asia/Singapore',
  dubai: 'Asia/Dubai',
  'abu dhabi': 'Asia/Dubai',
  'hong kong': 'Asia/Hong_Kong',
};

export function organisationZone(org: { province: string; city: string } | undefined): string {
  if (!org) return DEFAULT_ZONE;
  if (/\p{Script=Han}/u.test(org.province + org.city)) return 'Asia/Shanghai';
  return ZONES_ABROAD[org.province.trim().toLowerCase()] ?? ZONES_ABROAD[org.city.trim().toLowerCase()] ?? DEFAULT_ZONE;
}
