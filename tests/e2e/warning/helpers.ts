import { connectAsync } from 'mqtt';
import { ROLE } from '@console/contract/codes/roles';
import { dashboardEndpoints, type FleetPositions } from '@console/contract/http/dashboard';
import { DEV_FLEET_SECRET, deviceSecret } from '@console/contract/mqtt/credentials';
import type { TelemetryMessage } from '@console/contract/mqtt/payloads';
import { topics } from '@console/contract/mqtt/topics';
import type { Account, Api } from '../../fixtures/e2e-api.ts';

/** The first visit of a page loads its code and its data: on a busy machine that may take a while. */
export const FIRST_LOAD = { timeout: 30_000 };

type PlatformData = Extract<TelemetryMessage['data'], { kind: 'aerialPlatform' }>;

/**
 * An aerial platform of the lessor administrator's fleet reserved for one flow: the nth counted from the end of the
 * list (the fleet home's tests take theirs from the start). Counted among all of them, whatever state they are in
 * now: an alarm another flow raises must not shift the count onto a machine a third flow is using. The seed leaves
 * the last ten without an alarm. Every flow asks through the same account, so a flow of another role (whose fleet
 * may be wider) still gets a machine no other flow has. A flow that must see no other flow's alarms takes its machines
 * from another rental company's fleet (`fleetOf`), where no other flow raises any.
 */
export async function quietPlatform(
  api: Api,
  nth: number,
  fleetOf: Account | typeof ROLE.lessorAdmin = ROLE.lessorAdmin,
): Promise<{ id: number; serial: string }> {
  const admin = await api.signIn(fleetOf);
  const positions = (await api.call(dashboardEndpoints.positions, { token: admin.token })).data as FleetPositions;
  const platforms = positions.ids
    .map((id, i) => ({ id, serial: positions.serials[i]!, kind: positions.kinds[i] }))
    .filter((m) => m.kind === 'aerialPlatform')
    .sort((a, b) => b.id - a.id);
  const machine = platforms[nth];
  if (!machine) throw new Error(`no aerial platform #${nth}`);
  return { id: machine.id, serial: machine.serial };
}

/**
 * Report as the machine over MQTT, the way the simulator does: the e2e server runs its embedded broker on the port
 * after its HTTP port and no simulator, so the test is the machine.
 */
export async function reportAs(baseURL: string, serial: string, data: Partial<PlatformData>): Promise<void> {
  const client = await connectAsync(`mqtt://127.0.0.1:${Number(new URL(baseURL).port) + 1}`, {
    clientId: serial,
    username: serial,
    password: deviceSecret(process.env.FLEET_SECRET ?? DEV_FLEET_SECRET, serial),
    reconnectPeriod: 0,
  });
  try {
    const report: TelemetryMessage = {
      t: Date.now(),
      seq: 1,
      signal: 'strong',
      pos: { lat: 31.23, lng: 121.47, speed: 0, fix: 'gps' },
      lock: 'unlocked',
      data: {
        kind: 'aerialPlatform',
        platformHeightM: 9,
        loadPct: 40,
        tiltDeg: 2,
        batteryV: 24.6,
        batteryPct: 80,
        driving: false,
        lifting: true,
        workingHours: 1200,
        faults: [],
        ...data,
      },
    };
    await client.publishAsync(topics.telemetry(serial), JSON.stringify(report));
  } finally {
    await client.endAsync();
  }
}
