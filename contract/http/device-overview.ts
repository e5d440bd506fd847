import { z } from 'zod';
import { MACHINE_KINDS, type MachineKind } from '../codes/machine-kinds.ts';
import { kindData, type KindData } from '../mqtt/payloads.ts';
import { fleetFigures } from './dashboard.ts';
import { deviceListQuery, deviceRow } from './devices.ts';
import { DEVICE_READERS } from '../access/devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { paged } from './fields.ts';

/**
 * The device overview per machine kind (spec: "Device overview per machine type"; /deviceManagement/deviceOverview,
 * host management kept alive): the hosts of one kind with that kind's latest readings, and its status figures.
 */

/** The readings the overview shows per kind, in column order: the fields of the kind's telemetry that matter. */
export const OVERVIEW_FIELDS: { [K in MachineKind]: (keyof Extract<KindData, { kind: K }>)[] } = {
  aerialPlatform: ['platformHeightM', 'loadPct', 'tiltDeg', 'batteryPct', 'lifting', 'driving', 'workingHours'],
  concretePump: ['pumpStatus', 'mode', 'displacementM3h', 'pressureMpa', 'pumpCurrentA', 'engineHours'],
  wetSprayer: ['spraying', 'sprayRateM3h', 'pressureMpa', 'acceleratorPct', 'engineHours'],
  mower: ['cutting', 'bladeRpm', 'batteryPct', 'areaTodayM2', 'workingHours'],
  boat: ['engineRpm', 'fuelPct', 'waterTempC', 'engineHours'],
  forklift: ['loadKg', 'forkHeightM', 'batteryPct', 'driving', 'workingHours'],
  battery: ['chargePct', 'voltageV', 'currentA', 'temperatureC', 'cycles'],
  charger: ['state', 'outputV', 'outputA', 'energyKwh'],
};

const kind = z.enum(MACHINE_KINDS, { error: 'validation.invalid' }).default('aerialPlatform');

export const overviewRow = deviceRow.extend({
  /** The kind's latest telemetry, null before the machine's first report. */
  latest: kindData.nullable(),
});
export type OverviewRow = z.infer<typeof overviewRow>;

export const deviceOverviewEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/device/overview.do',
    summary: 'Machines of one kind in the user scope with their latest readings, paged and filtered as the device list',
    access: { roles: DEVICE_READERS },
    scope: 'machines',
    query: deviceListQuery.extend({ kind }),
    body: noInput,
    response: paged(overviewRow),
  }),
  figures: defineEndpoint({
    method: 'GET',
    path: '/device/overviewFigures.do',
    summary: 'Status figures of the machines of one kind in the user scope, and the count of every kind',
    access: { roles: DEVICE_READERS },
    scope: 'machines',
    query: z.object({ kind }),
    body: noInput,
    response: fleetFigures.extend({ kind: z.enum(MACHINE_KINDS) }),
  }),
} as const;
