import type { SimClock } from '../clock.ts';
import type { Fleet } from '../fleet/fleet.ts';
import { connectionOf } from '../fleet/view.ts';
import type { CameraSource } from './platform.ts';

/** The cameras ride on the simulated machines: a channel sees its machine now, and is up while the machine is. */
export function fleetCameras(fleet: Fleet, clock: SimClock): CameraSource {
  return {
    scene(serial, channel) {
      const m = fleet.get(serial);
      if (!m) return undefined;
      const connection = connectionOf(m);
      return {
        online: connection === 'online' || connection === 'waking',
        scene: {
          serial,
          kind: m.kind,
          channel,
          at: clock.now(),
          timeZone: m.timeZone,
          data: m.lastReport?.data ?? null,
          speedKmh: m.motion.speedKmh,
          lock: m.lock,
        },
      };
    },
  };
}
