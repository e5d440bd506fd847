import { z } from 'zod';
import { defineEndpoint, noInput } from './endpoint.ts';

/**
 * Live events, pushed as Server-Sent Events (`event: <type>`, `data: <json>`). Each names what changed so the
 * console updates or refetches the matching cached queries; the server sends a user only what their
 * organisations may see.
 */
export const liveEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('device'),
    deviceId: z.number().int(),
    status: z.number().int(),
    online: z.boolean(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    speed: z.number(),
    lockLevel: z.string(),
    at: z.number().int(),
  }),
  z.object({
    type: z.literal('alarm'),
    wid: z.number().int(),
    deviceId: z.number().int(),
    /** An alarm that lasts is one alarm: opened, escalated or updated (a worse value) while it lasts, ended. */
    state: z.enum(['opened', 'escalated', 'updated', 'ended', 'handled']),
    at: z.number().int(),
  }),
  /** A work order was assigned: sent to its technician only, who is told and whose lists refresh. */
  z.object({
    type: z.literal('workOrder'),
    id: z.number().int(),
    number: z.string(),
    title: z.string(),
    state: z.enum(['assigned']),
    at: z.number().int(),
  }),
  /** A lease contract moved without anyone of the console acting (the e-signature provider's callback). */
  z.object({
    type: z.literal('contract'),
    id: z.number().int(),
    status: z.number().int(),
    at: z.number().int(),
  }),
  z.object({
    type: z.literal('command'),
    commandId: z.string(),
    deviceId: z.number().int(),
    state: z.string(),
    at: z.number().int(),
  }),
]);
export type LiveEvent = z.infer<typeof liveEvent>;
export const LIVE_EVENT_TYPES = ['device', 'alarm', 'workOrder', 'contract', 'command'] as const;

export const liveEndpoints = {
  events: defineEndpoint({
    method: 'GET',
    path: '/live/events.do',
    summary:
      'Server-Sent Events stream of device, alarm, work order, contract and command changes in the user’s scope (text/event-stream; ' +
      'EventSource cannot send headers, so the token may come in the query string)',
    access: 'signedIn',
    scope: 'machines',
    query: z.object({ token: z.string().max(128).optional() }),
    body: noInput,
    response: liveEvent,
    stream: true,
  }),
} as const;
