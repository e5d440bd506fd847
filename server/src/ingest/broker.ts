import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';

export interface EmbeddedBroker {
  port: number;
  close(): Promise<void>;
}

/** The MQTT broker that runs inside the server unless MQTT_URL names an external one. */
export async function startEmbeddedBroker(port: number, host = '0.0.0.0'): Promise<EmbeddedBroker> {
  const aedes = await Aedes.createBroker();
  const server: Server = createServer(aedes.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        aedes.close(() => server.close(() => resolve()));
      }),
  };
}
