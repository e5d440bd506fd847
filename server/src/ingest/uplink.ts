import { connect } from 'mqtt';
import { SERVER_SUBSCRIPTION } from '@console/contract/mqtt/topics';

/** What ingest does with what comes up from the machines. */
export interface UplinkHandlers {
  /** One message from a machine, in the order the broker received them. */
  message(topic: string, payload: Buffer): void;
  /**
   * Asked after each message: call `next` when ingest may take another (at once while its buffer has room). Until
   * then nothing more is taken, and the broker takes nothing more from the machines (decision 017, "Overload").
   */
  admit(next: () => void): void;
  /** The way is open: subscribed, or open again after a reconnect. */
  opened(): void;
  closed(): void;
  /** A fault of the connection (it retries). */
  error(error: Error): void;
  /** The broker refuses what ingest needs: nothing arrives until someone changes its settings. */
  refused(message: string): void;
}

/** Ingest's way to the machines: over MQTT to a broker (below), or the embedded broker's feed (broker-feed.ts). */
export interface Uplink {
  connected(): boolean;
  /** A command to one machine's topic, QoS 1. */
  publish(topic: string, payload: string): Promise<void>;
  /** Take nothing more; what ingest took stays taken. */
  end(): Promise<void>;
}

export interface MqttUplinkOptions {
  url: string;
  clientId: string;
  username?: string;
  password?: string;
  /**
   * Keep the broker session while the server is away (the server does), so acknowledgements sent meanwhile
   * wait for it. Tests use a clean session.
   */
  persistentSession?: boolean;
}

/** Ingest as an MQTT client of a broker (an external one, or the embedded one in tests that ask for it). */
export function mqttUplink(options: MqttUplinkOptions, handlers: UplinkHandlers): Uplink {
  const client = connect(options.url, {
    clientId: options.clientId,
    username: options.username,
    password: options.password,
    clean: !options.persistentSession,
    resubscribe: false,
    reconnectPeriod: 1000,
    connectTimeout: 5000,
  });
  let open = false;
  client.on('connect', (connack) => {
    const subscribed = () => {
      open = true;
      handlers.opened();
    };
    if (connack.sessionPresent) return subscribed();
    client.subscribe(SERVER_SUBSCRIPTION, { qos: 1 }, (error, granted) => {
      if (error || granted?.[0]?.qos === 128) {
        handlers.refused(`ingest may not subscribe ${SERVER_SUBSCRIPTION}: ${error?.message ?? 'refused'}`);
        return;
      }
      subscribed();
    });
  });
  client.on('close', () => {
    open = false;
    handlers.closed();
  });
  client.on('error', (error) => handlers.error(error));
  client.on('message', (topic, payload) => handlers.message(topic, payload));
  // mqtt.js hands over the next message (and acknowledges this one) only once this is called: while ingest may
  // not take more, the broker's messages wait in the broker (a bounded queue, decision 017).
  client.handleMessage = (_packet, done) => handlers.admit(() => done());
  return {
    connected: () => open && client.connected,
    publish: (topic, payload) => client.publishAsync(topic, payload, { qos: 1 }).then(() => undefined),
    end: () => client.endAsync(),
  };
}
