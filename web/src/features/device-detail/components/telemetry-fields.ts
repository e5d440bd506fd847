import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { TELEMETRY_FIELDS, type TelemetryField } from '@console/contract/http/device-detail';
import type { KindData } from '@console/contract/mqtt/payloads';

/** The catalog key of a telemetry field's label (`pumpCurrentA.0` -> `fields.pumpCurrentA0`). */
export const fieldKey = (field: string) => `fields.${field.replace('.', '')}`;

/** A numeric field's value in a report (`pumpCurrentA.0` is the first pump current). */
export function fieldValue(data: KindData, field: string): number | null {
  const [name, index] = field.split('.') as [string, string | undefined];
  const value = (data as unknown as Record<string, unknown>)[name];
  const picked = index === undefined ? value : (value as unknown[] | undefined)?.[Number(index)];
  return typeof picked === 'number' ? picked : null;
}

const only = (kind: MachineKind, wanted: readonly string[]): TelemetryField[] =>
  TELEMETRY_FIELDS[kind].filter((field) => wanted.includes(field));

/**
 * Which tabs a kind has and what they chart (contract/mqtt payloads): the electrical system where a kind reports
 * voltages or currents, battery info for the kinds that run on a battery, charger info for chargers.
 */
export function electricalFields(kind: MachineKind): TelemetryField[] {
  return only(kind, ['batteryV', 'pumpCurrentA.0', 'pumpCurrentA.1', 'voltageV', 'currentA', 'outputV', 'outputA']);
}

export function batteryFields(kind: MachineKind): TelemetryField[] {
  return only(kind, ['batteryPct', 'batteryV', 'chargePct', 'voltageV', 'currentA', 'temperatureC', 'cycles']);
}

export function chargerFields(kind: MachineKind): TelemetryField[] {
  return kind === 'charger' ? only(kind, ['outputV', 'outputA', 'energyKwh']) : [];
}

/** Kinds with an hour meter have construction info (working hours and utilisation). */
export function hasHourMeter(kind: MachineKind): boolean {
  return TELEMETRY_FIELDS[kind].some((field) => field === 'workingHours' || field === 'engineHours');
}
