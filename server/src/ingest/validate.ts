import type { MachineKind } from '@console/contract/codes/machine-kinds';
import {
  MAX_CLOCK_AHEAD_MS,
  ackMessage,
  statusMessage,
  telemetryMessage,
  type AckMessage,
  type StatusMessage,
  type TelemetryMessage,
} from '@console/contract/mqtt/payloads';
import { parseUplinkTopic } from '@console/contract/mqtt/topics';
import type { RejectReason } from '@console/contract/http/ingest';

export { REJECT_REASONS, type RejectReason } from '@console/contract/http/ingest';

/** No message of the protocol comes near this; a bigger one is refused before it is parsed. */
export const MAX_PAYLOAD_BYTES = 16 * 1024;

export interface KnownDevice {
  id: number;
  kind: MachineKind;
}

export type Accepted =
  | { type: 'telemetry'; sn: string; device: KnownDevice; receivedAt: number; msg: TelemetryMessage }
  | { type: 'status'; sn: string; device: KnownDevice; receivedAt: number; msg: StatusMessage }
  | { type: 'ack'; sn: string; device: KnownDevice; receivedAt: number; msg: AckMessage };

export type Validated = { ok: true; item: Accepted } | { ok: false; reason: RejectReason; detail: string };

const SCHEMAS = { telemetry: telemetryMessage, status: statusMessage, ack: ackMessage } as const;

const refuse = (reason: RejectReason, detail: string): Validated => ({ ok: false, reason, detail });

/**
 * Check one uplink message: its topic, size, JSON, machine, schema (with each kind's physical ranges), that the
 * data is of the machine's kind, and that its device time is not implausibly far ahead. Never throws.
 */
export function validateUplink(
  topic: string,
  payload: Buffer,
  receivedAt: number,
  findDevice: (sn: string) => KnownDevice | undefined,
): Validated {
  const parsed = parseUplinkTopic(topic);
  if (!parsed) return refuse('topic', topic.slice(0, 120));
  if (payload.length > MAX_PAYLOAD_BYTES) return refuse('tooLarge', `${payload.length} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch (error) {
    return refuse('json', (error as Error).message.slice(0, 120));
  }
  const device = findDevice(parsed.sn);
  if (!device) return refuse('unknownDevice', parsed.sn);
  const result = SCHEMAS[parsed.kind].safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    return refuse('schema', `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`.slice(0, 200));
  }
  const msg = result.data;
  if (msg.t !== undefined && msg.t > receivedAt + MAX_CLOCK_AHEAD_MS) {
    return refuse('clockAhead', `${new Date(msg.t).toISOString()}`);
  }
  const base = { sn: parsed.sn, device, receivedAt };
  switch (parsed.kind) {
    case 'telemetry': {
      const report = msg as TelemetryMessage;
      if (report.data.kind !== device.kind) return refuse('kind', `${report.data.kind} from a ${device.kind}`);
      return { ok: true, item: { ...base, type: 'telemetry', msg: report } };
    }
    case 'status':
      return { ok: true, item: { ...base, type: 'status', msg: msg as StatusMessage } };
    case 'ack':
      return { ok: true, item: { ...base, type: 'ack', msg: msg as AckMessage } };
  }
}
