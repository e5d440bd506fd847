import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Device credentials (docs/decisions/007-device-protocol.md). A machine signs in to the broker with its serial
 * number as user name and its own secret as password. Machines provisioned from one fleet secret (the seeded
 * fleet) get secret = HMAC-SHA256(fleetSecret, serial), so a process that knows the fleet secret (the simulator)
 * can sign in as each of them without reading the database; the server keeps only a hash of each secret.
 */

/** The development fleet secret; production sets FLEET_SECRET. */
export const DEV_FLEET_SECRET = 'dev-fleet-secret';

export function deviceSecret(fleetSecret: string, serial: string): string {
  return createHmac('sha256', fleetSecret).update(serial).digest('base64url');
}

/**
 * What the database stores. The secrets are 256-bit random-looking strings, not passwords people choose, so a
 * fast hash is enough, and it keeps 20,000 machines reconnecting at once cheap for the broker.
 */
export function hashDeviceSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function deviceSecretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashDeviceSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === given.length && timingSafeEqual(given, stored);
}
