import { createHash, timingSafeEqual } from 'node:crypto';
import type { AedesOptions, AuthenticateError, Client } from 'aedes';
import { eq, sql } from 'drizzle-orm';
import type { Db, SyncDb } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { deviceSecretMatches } from '@console/contract/mqtt/credentials';
import { SERIAL_PATTERN, TOPIC_ROOT, mayPublish, maySubscribe, parseUplinkTopic } from '@console/contract/mqtt/topics';

/** Who may use the embedded broker: the server's own account, and each machine with its own secret. */
export interface BrokerAccounts {
  serverUser: string;
  serverPassword: string;
  /**
   * The stored hash of a machine's secret, or undefined when no machine has that serial number: at once on SQLite,
   * later on PostgreSQL.
   */
  deviceSecretHash(serial: string): string | undefined | Promise<string | undefined>;
}

/** The accounts of the server user and of every machine in the database. */
export function brokerAccounts(db: SyncDb | Db, serverUser: string, serverPassword: string): BrokerAccounts {
  // The same query on either engine: SQLite's connection answers at once, PostgreSQL's later.
  const find = (db as SyncDb)
    .select({ hash: devices.mqttSecretHash })
    .from(devices)
    .where(eq(devices.serialNumber, sql.placeholder('sn')))
    .prepare();
  type Found = { hash: string } | undefined;
  const hashOf = (row: Found) => row?.hash || undefined;
  return {
    serverUser,
    serverPassword,
    deviceSecretHash(sn) {
      const found = find.get({ sn }) as Found | Promise<Found>;
      return found instanceof Promise ? found.then(hashOf) : hashOf(found);
    },
  };
}

type Identity = { role: 'server' } | { role: 'device'; sn: string };

/** The server reads every machine's uplink (`dev/+/up/#` or a part of it). */
export function serverMaySubscribe(topic: string): boolean {
  const [root, sn, dir, kind, ...rest] = topic.split('/');
  return (
    rest.length === 0 &&
    root === TOPIC_ROOT &&
    (sn === '+' || SERIAL_PATTERN.test(sn ?? '')) &&
    dir === 'up' &&
    ['#', '+', 'telemetry', 'status', 'ack'].includes(kind ?? '')
  );
}

/** The server writes commands to any machine (`dev/<sn>/down/command`), nothing else. */
export function serverMayPublish(topic: string): boolean {
  const [root, sn, dir, kind, ...rest] = topic.split('/');
  return (
    rest.length === 0 && root === TOPIC_ROOT && SERIAL_PATTERN.test(sn ?? '') && dir === 'down' && kind === 'command'
  );
}

/** MQTT 3.1.1 CONNACK return codes (aedes declares them as a const enum, which isolated modules cannot read). */
const IDENTIFIER_REJECTED = 2;
const BAD_USERNAME_OR_PASSWORD = 4;
const SERVER_UNAVAILABLE = 3;

function refusal(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The broker's access rule (docs/decisions/007): a machine signs in with its serial number as client id and
 * user name and its secret as password, may publish only under its own `dev/<sn>/up/` and subscribe only to its
 * own command topic; the server user reads all uplinks and writes commands; everything else is refused. A
 * refused publish closes the connection (MQTT 3.1.1 has no negative PUBACK); a refused subscription is granted
 * nothing (0x80).
 */
export function brokerAccessHooks(
  accounts: BrokerAccounts,
): Required<Pick<AedesOptions, 'authenticate' | 'authorizePublish' | 'authorizeSubscribe'>> {
  const identities = new WeakMap<Client, Identity>();
  return {
    authenticate(client, username, password, done) {
      if (!username || !password) return done(refusal('credentials required', BAD_USERNAME_OR_PASSWORD), false);
      const secret = password.toString('utf8');
      if (username === accounts.serverUser) {
        if (!sameSecret(secret, accounts.serverPassword)) {
          return done(refusal('bad user name or password', BAD_USERNAME_OR_PASSWORD), false);
        }
        identities.set(client, { role: 'server' });
        return done(null, true);
      }
      const device = (hash: string | undefined) => {
        if (!hash || !deviceSecretMatches(secret, hash)) {
          return done(refusal('bad user name or password', BAD_USERNAME_OR_PASSWORD), false);
        }
        // A machine's client id is its serial number, so no one can take over another machine's session.
        if (client.id !== username)
          return done(refusal('client id must be the serial number', IDENTIFIER_REJECTED), false);
        identities.set(client, { role: 'device', sn: username });
        done(null, true);
      };
      const hash = SERIAL_PATTERN.test(username) ? accounts.deviceSecretHash(username) : undefined;
      if (!(hash instanceof Promise)) return device(hash);
      // The database could not answer: the machine tries again later, as after any broker outage.
      hash.then(device, (error: unknown) =>
        done(refusal(`the machines' accounts could not be read: ${String(error)}`, SERVER_UNAVAILABLE), false),
      );
    },
    authorizePublish(client, packet, done) {
      // No client: a will the broker publishes for a session it no longer holds; only uplinks carry wills.
      if (!client) return done(parseUplinkTopic(packet.topic) ? null : new Error('not an uplink'));
      const who = identities.get(client);
      const allowed =
        who?.role === 'server' ? serverMayPublish(packet.topic) : who ? mayPublish(who.sn, packet.topic) : false;
      done(allowed ? null : new Error(`not allowed to publish to ${packet.topic}`));
    },
    authorizeSubscribe(client, subscription, done) {
      const who = identities.get(client);
      const allowed =
        who?.role === 'server'
          ? serverMaySubscribe(subscription.topic)
          : who
            ? maySubscribe(who.sn, subscription.topic)
            : false;
      done(null, allowed ? subscription : null);
    },
  };
}
