import { AEMP_KIND_POINTS, type AempEquipment } from '@console/contract/http/aemp';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { kindData, type KindData } from '@console/contract/mqtt/payloads';

/**
 * What the machines report, as the standard's data points (docs/decisions/068-iso-15143-3-api.md, the table per
 * kind). A kind's list in AEMP_KIND_POINTS says which it has; nothing is derived that the machine does not report.
 */

export const isoInstant = (at: Date | number) => new Date(at).toISOString();

/** The hour meter: working hours (electric kinds) or engine hours (diesel kinds); none on packs and chargers. */
export function hoursOf(data: KindData): number | null {
  if ('workingHours' in data) return data.workingHours;
  if ('engineHours' in data) return data.engineHours;
  return null;
}

/**
 * Whether the engine runs, for the kinds with one: a boat by its revolutions, a pump or a sprayer while its
 * hydraulics hold pressure or it pumps (their engines drive the hydraulics). Null for the electric kinds.
 */
export function engineRunningOf(data: KindData): boolean | null {
  if (data.kind === 'boat') return data.engineRpm > 0;
  if (data.kind === 'concretePump')
    return data.pumpStatus !== 'standby' || data.pressureMpa > 0 || data.pumpCurrentA.some((a) => a > 0);
  if (data.kind === 'wetSprayer') return data.spraying || data.pressureMpa > 0;
  return null;
}

/** Fuel left in the tank, per cent: the boats report it. */
export function fuelPctOf(data: KindData): number | null {
  return data.kind === 'boat' ? data.fuelPct : null;
}

export interface SnapshotRow {
  kind: MachineKind;
  serialNumber: string;
  hostSerial: string;
  frameNumber: string;
  brand: string;
  modelName: string;
  lat: number | null;
  lng: number | null;
  lastDeviceTime: Date | null;
  latest: unknown;
}

export function equipmentOf(row: SnapshotRow): AempEquipment {
  const points = AEMP_KIND_POINTS[row.kind];
  const parsed = kindData.safeParse(row.latest);
  const latest = parsed.success && parsed.data.kind === row.kind ? parsed.data : null;
  const datetime = row.lastDeviceTime ? isoInstant(row.lastDeviceTime) : null;
  const equipment: AempEquipment = {
    EquipmentHeader: {
      OEMName: row.brand,
      Model: row.modelName,
      EquipmentID: row.serialNumber,
      SerialNumber: row.hostSerial || row.serialNumber,
      ...(row.frameNumber ? { PIN: row.frameNumber } : {}),
    },
  };
  if (!datetime) return equipment;
  if (points.includes('Locations') && row.lat !== null && row.lng !== null)
    equipment.Location = { datetime, Latitude: row.lat, Longitude: row.lng };
  if (!latest) return equipment;
  const hours = points.includes('OperatingHours') ? hoursOf(latest) : null;
  if (hours !== null) equipment.CumulativeOperatingHours = { datetime, Hour: hours };
  const running = points.includes('EngineCondition') ? engineRunningOf(latest) : null;
  if (running !== null) equipment.EngineStatus = { datetime, Running: running };
  const fuel = points.includes('FuelRemaining') ? fuelPctOf(latest) : null;
  if (fuel !== null) equipment.FuelRemaining = { datetime, Percent: fuel };
  return equipment;
}
