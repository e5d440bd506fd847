import { z } from 'zod';
import { codeTable } from '../codes/code-table.ts';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { MAX_VIDEO_CHANNEL } from '../video/video-protocol.ts';
import { deviceFileItem } from './device-records.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { idParam, optionalText, paged, pageQuery, requiredText, savedId } from './fields.ts';
import { CAMERA_EDITORS, MONITOR_READERS } from '../access/monitor.ts';

/**
 * Video monitoring (spec /monitorManagement/monitor, docs/decisions/057-video-monitoring.md): the cameras bound to
 * the machines, each a channel of the machine on the video platform, played live and captured into the machine's
 * files.
 */

/** Where on the machine a camera looks from. */
export const CAMERA_POSITION = codeTable('monitor:positions', [
  ['boom', 'boom', 'orange'],
  ['cab', 'cab', 'blue'],
  ['front', 'front', 'cyan'],
  ['rear', 'rear', 'geekblue'],
  ['hopper', 'hopper', 'gold'],
  ['site', 'site', 'green'],
]);
export type CameraPosition = (typeof CAMERA_POSITION.values)[number];
const POSITIONS = CAMERA_POSITION.values as unknown as [CameraPosition, ...CameraPosition[]];

/** A machine's online state as the player shows it: the server's own record of its connection. */
export const MACHINE_LINK = codeTable('monitor:links', [
  ['online', 'online', 'green'],
  ['asleep', 'asleep', 'purple'],
  ['offline', 'offline', 'default'],
]);
export type MachineLink = (typeof MACHINE_LINK.values)[number];
const LINKS = MACHINE_LINK.values as unknown as [MachineLink, ...MachineLink[]];

export const cameraForm = z.object({
  deviceId: z.number({ error: 'monitor.machineRequired' }).int().positive({ error: 'monitor.machineRequired' }),
  channel: z
    .number({ error: 'monitor.channelRange' })
    .int({ error: 'monitor.channelRange' })
    .min(1, { error: 'monitor.channelRange' })
    .max(MAX_VIDEO_CHANNEL, { error: 'monitor.channelRange' }),
  name: requiredText(30),
  position: z.enum(POSITIONS, { error: 'validation.required' }),
  remark: optionalText(200).default(''),
});
export type CameraForm = z.infer<typeof cameraForm>;

export const cameraRow = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  hostName: z.string(),
  machineKind: z.enum(MACHINE_KINDS),
  ownerName: z.string(),
  link: z.enum(LINKS),
  channel: z.number().int(),
  name: z.string(),
  position: z.enum(POSITIONS),
  remark: z.string(),
  updatedAt: z.string(),
  /** The user may change or unbind it (an editor of the machine's owner). */
  editable: z.boolean(),
});
export type CameraRow = z.infer<typeof cameraRow>;

export const monitoredMachine = z.object({
  deviceId: z.number().int(),
  serialNumber: z.string(),
  hostName: z.string(),
  machineKind: z.enum(MACHINE_KINDS),
  link: z.enum(LINKS),
  /** The user may take snapshots into its files. */
  editable: z.boolean(),
  cameras: z.array(cameraRow.pick({ id: true, channel: true, name: true, position: true })),
});
export type MonitoredMachine = z.infer<typeof monitoredMachine>;

const keyword = z.string().trim().max(40).optional();
const byCamera = z.object({ cameraId: idParam });
const readers = { roles: MONITOR_READERS };
const editors = { roles: CAMERA_EDITORS };

export const monitorEndpoints = {
  machines: defineEndpoint({
    method: 'GET',
    path: '/monitor/machines.do',
    summary: 'The machines in scope that carry cameras, with their channels and online state, by serial or name',
    access: readers,
    scope: 'machines',
    query: pageQuery.extend({ keyword, link: z.enum(LINKS).optional() }),
    body: noInput,
    response: paged(monitoredMachine),
  }),
  cameras: defineEndpoint({
    method: 'GET',
    path: '/monitor/cameras.do',
    summary: 'The cameras bound to the machines in scope, by machine, position and text',
    access: readers,
    scope: 'machines',
    query: pageQuery.extend({
      keyword,
      position: z.enum(POSITIONS).optional(),
      machineKind: z.enum(MACHINE_KINDS).optional(),
    }),
    body: noInput,
    response: paged(cameraRow),
  }),
  camera: defineEndpoint({
    method: 'GET',
    path: '/monitor/camera.do',
    summary: 'One camera and its machine',
    access: readers,
    scope: 'machines',
    query: z.object({ id: idParam }),
    body: noInput,
    response: cameraRow,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/monitor/cameraCreate.do',
    summary: "Bind a camera to a machine the user's organisation keeps, on a channel the machine does not use yet",
    access: editors,
    scope: 'machines',
    query: noInput,
    body: cameraForm,
    response: savedId,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/monitor/cameraUpdate.do',
    summary: "Change a camera's channel, name, position or remark (its machine stays)",
    access: editors,
    scope: 'machines',
    query: noInput,
    body: cameraForm.omit({ deviceId: true }).safeExtend({ id: idParam }),
    response: savedId,
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/monitor/cameraDelete.do',
    summary: 'Unbind a camera from its machine (its snapshots stay in the machine’s files)',
    access: editors,
    scope: 'machines',
    query: noInput,
    body: z.object({ id: idParam }),
    response: savedId,
  }),
  play: defineEndpoint({
    method: 'POST',
    path: '/monitor/play.do',
    summary:
      "A short-lived play address of a camera's channel, signed by the video platform; refused while the " +
      'channel is off line or the platform does not answer',
    access: readers,
    scope: 'machines',
    query: noInput,
    body: byCamera,
    response: z.object({ url: z.string(), expiresAt: z.string(), refreshMs: z.number().int() }),
  }),
  snapshot: defineEndpoint({
    method: 'POST',
    path: '/monitor/snapshot.do',
    summary: "Capture a camera's picture now and keep it among its machine's files (a photo)",
    access: editors,
    scope: 'machines',
    query: noInput,
    body: byCamera,
    response: deviceFileItem,
  }),
} as const;
