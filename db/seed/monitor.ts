import { asc, inArray } from 'drizzle-orm';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import type { CameraPosition } from '@console/contract/http/monitor';
import type { Db } from '../client.ts';
import { devices } from '../schema/devices.ts';
import { deviceCameras } from '../schema/monitor.ts';
import type { DemoOrganisations } from './accounts.ts';

/** The cameras a machine of a kind carries: channel, position, and the name in Chinese and English. */
const RIGS: Partial<Record<MachineKind, [number, CameraPosition, string, string][]>> = {
  aerialPlatform: [
    [1, 'boom', '作业平台', 'Platform basket'],
    [2, 'front', '底盘前方', 'Chassis front'],
  ],
  concretePump: [
    [1, 'boom', '臂架末端', 'Boom tip'],
    [2, 'hopper', '料斗', 'Hopper'],
    [3, 'rear', '车尾', 'Rear'],
  ],
  forklift: [
    [1, 'front', '货叉', 'Forks'],
    [2, 'rear', '倒车影像', 'Reversing'],
  ],
  wetSprayer: [
    [1, 'boom', '喷射臂', 'Spray arm'],
    [2, 'cab', '驾驶室', 'Cab'],
  ],
};

/** One machine in this many of the kinds that carry cameras has them (the first of each group of ids). */
const SHARE = 3;

/**
 * Cameras on about a third of the aerial platforms, concrete pumps, forklifts and wet sprayers of the fleet
 * (decision 057), named in the language of the machine's owner: the company abroad in English, the others in Chinese.
 * The first machines (those with a week of telemetry) are among them, so the demo's player shows familiar machines.
 */
export async function seedMonitor(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const kinds = Object.keys(RIGS) as MachineKind[];
  const fleet = await db
    .select({ id: devices.id, orgId: devices.orgId, kind: devices.kind })
    .from(devices)
    .where(inArray(devices.kind, kinds))
    .orderBy(asc(devices.id))
    .all();
  const english = orgs.lessors[2];
  const rows = fleet
    .filter((_, index) => index % SHARE === 0)
    .flatMap((device) =>
      RIGS[device.kind]!.map(([channel, position, zh, en]) => ({
        deviceId: device.id,
        orgId: device.orgId,
        channel,
        position,
        name: device.orgId === english ? en : zh,
        remark: '',
        updatedAt: new Date(now - (device.id % 30) * 86_400_000),
      })),
    );
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insert(deviceCameras)
      .values(rows.slice(i, i + 500))
      .run();
}
