import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import { brokerAccessHooks, type BrokerAccounts } from './broker-access.ts';

export interface EmbeddedBroker {
  port: number;
  /** The URL a client on this host connects to. */
  url: string;
  close(): Promise<void>;
}

export interface EmbeddedBrokerOptions {
  port: number;
  host?: string;
  accounts: BrokerAccounts;
}

/**
 * The MQTT broker that runs inside the server unless MQTT_URL names an external one. It enforces the access
 * rule of docs/decisions/007. Sessions, queued QoS 1 messages and retained status live in aedes' in-memory
 * persistence: they survive a machine's reconnect but not a server restart; what must survive one (commands)
 * is kept in the database.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const host = options.host ?? '0.0.0.0';
  const aedes = await Aedes.createBroker(brokerAccessHooks(options.accounts));
  const server: Server = createServer(aedes.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    port,
    url: `mqtt://${local}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        aedes.close(() => server.close(() => resolve()));
      }),
  };
}
