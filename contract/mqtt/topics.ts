/**
 * Topics of the device protocol (docs/decisions/007-device-protocol.md). A machine connects with its serial
 * number as client id and user name; the broker lets it publish only under `dev/<sn>/up/` and subscribe only
 * to `dev/<sn>/down/`.
 */
export const TOPIC_ROOT = 'dev';

export const topics = {
  /** Periodic report: position, signal and the kind's telemetry. QoS 0: the next report supersedes it. */
  telemetry: (sn: string) => `${TOPIC_ROOT}/${sn}/up/telemetry`,
  /** Connection state; the broker publishes the last will `{online:false}` here when a machine drops. Retained. */
  status: (sn: string) => `${TOPIC_ROOT}/${sn}/up/status`,
  /** Acknowledgements of commands. QoS 1. */
  ack: (sn: string) => `${TOPIC_ROOT}/${sn}/up/ack`,
  /** Commands to the machine. QoS 1 to a persistent session, so a reconnecting machine receives what waited. */
  command: (sn: string) => `${TOPIC_ROOT}/${sn}/down/command`,
} as const;

/** What the server subscribes to. */
export const SERVER_SUBSCRIPTION = `${TOPIC_ROOT}/+/up/#`;

/** Serial numbers are the topic's second level, so they may hold no topic separators or wildcards. */
export const SERIAL_PATTERN = /^[A-Za-z0-9_-]{4,40}$/;

export type UpKind = 'telemetry' | 'status' | 'ack';

/** Split an uplink topic into serial number and message kind; null for anything else. */
export function parseUplinkTopic(topic: string): { sn: string; kind: UpKind } | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== TOPIC_ROOT || parts[2] !== 'up') return null;
  const [, sn, , kind] = parts;
  if (!sn || !SERIAL_PATTERN.test(sn)) return null;
  if (kind !== 'telemetry' && kind !== 'status' && kind !== 'ack') return null;
  return { sn, kind };
}

/** May a machine signed in as `sn` publish to / subscribe to this topic? Enforced by the embedded broker. */
export function mayPublish(sn: string, topic: string): boolean {
  return parseUplinkTopic(topic)?.sn === sn;
}
export function maySubscribe(sn: string, topic: string): boolean {
  return topic === topics.command(sn);
}
