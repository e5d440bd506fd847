import { randomBytes } from 'node:crypto';
import { connect, type MqttClient } from 'mqtt';

export interface LinkState {
  connected: boolean;
  /** The broker URL without credentials. */
  broker: string;
  /** When the link last went up or down (ISO time). */
  since: string;
  lastError: string | null;
}

/** A broker URL safe to show: user name and password removed. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}

/**
 * The simulator's one MQTT connection. It keeps reconnecting for as long as the process lives: the broker
 * (embedded in the server, or external) may start later or restart.
 */
export function openLink(url: string, log: (message: string) => void = console.log) {
  const state: LinkState = {
    connected: false,
    broker: displayUrl(url),
    since: new Date().toISOString(),
    lastError: null,
  };
  const client: MqttClient = connect(url, {
    clientId: `simulator-${randomBytes(4).toString('hex')}`,
    reconnectPeriod: 2000,
    connectTimeout: 5000,
  });
  let closing = false;
  const change = (connected: boolean) => {
    if (state.connected === connected || closing) return;
    state.connected = connected;
    state.since = new Date().toISOString();
    log(connected ? `connected to ${state.broker}` : `lost ${state.broker}; reconnecting`);
  };
  client.on('connect', () => {
    state.lastError = null;
    change(true);
  });
  client.on('close', () => change(false));
  client.on('error', (error) => {
    // Logged once per distinct error, not on every retry.
    if (state.lastError !== error.message) log(`waiting for the broker ${state.broker} (${error.message})`);
    state.lastError = error.message;
  });
  return {
    state,
    client,
    close: () => {
      closing = true;
      return client.endAsync(true);
    },
  };
}
export type Link = ReturnType<typeof openLink>;
