import { z } from 'zod';
import type { MachineKind } from '../codes/machine-kinds.ts';
import { defineEndpoint, noInput } from './endpoint.ts';

/**
 * The ISO 15143-3 (AEMP 2.0) telematics API (docs/decisions/068-iso-15143-3-api.md): an organisation's fleet for
 * outside systems, read with an API key (`Authorization: Bearer <key>`), XML by default and JSON when the
 * `Accept` header asks for it. Served outside route() (server/src/routes/aemp): the answers are the standard's
 * documents, not the console's envelope, and the paths carry their parameters as the standard writes them.
 */

/** Under /api; the version is this product's API version, the documents are the standard's. */
export const AEMP_BASE = '/aemp/v2';
export const AEMP_PAGE_SIZE = 100;
export const AEMP_NAMESPACE = 'http://standards.iso.org/iso/15143/-3';
/** The `version` attribute of every document: the edition of the standard the documents follow. */
export const AEMP_VERSION = '2016';
/** The longest time series range one request may name. */
export const AEMP_MAX_RANGE_DAYS = 31;

/** The time series a path names, and the element each of its records is. */
export const AEMP_DATA_POINTS = {
  Locations: 'Location',
  OperatingHours: 'CumulativeOperatingHours',
  EngineCondition: 'EngineStatus',
  FuelRemaining: 'FuelRemaining',
  CautionCodes: 'CautionCode',
  FaultCodes: 'FaultCode',
} as const;
export type AempDataPoint = keyof typeof AEMP_DATA_POINTS;
export const AEMP_DATA_POINT_NAMES = Object.keys(AEMP_DATA_POINTS) as [AempDataPoint, ...AempDataPoint[]];

/**
 * What each machine kind reports today (decision 068's table); a data point outside its kind's list is omitted
 * from the snapshot and its time series answers 404, never an invented figure.
 */
export const AEMP_KIND_POINTS: Record<MachineKind, readonly AempDataPoint[]> = {
  aerialPlatform: ['Locations', 'OperatingHours', 'CautionCodes', 'FaultCodes'],
  concretePump: ['Locations', 'OperatingHours', 'EngineCondition', 'CautionCodes', 'FaultCodes'],
  wetSprayer: ['Locations', 'OperatingHours', 'EngineCondition', 'CautionCodes', 'FaultCodes'],
  mower: ['Locations', 'OperatingHours', 'CautionCodes', 'FaultCodes'],
  boat: ['Locations', 'OperatingHours', 'EngineCondition', 'FuelRemaining', 'CautionCodes', 'FaultCodes'],
  forklift: ['Locations', 'OperatingHours', 'CautionCodes', 'FaultCodes'],
  battery: ['Locations', 'CautionCodes', 'FaultCodes'],
  charger: ['Locations', 'CautionCodes', 'FaultCodes'],
};

/** A UTC instant as the standard writes it: `2026-11-01T00:00:00Z` (milliseconds allowed). */
export const AEMP_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const instant = z
  .string()
  .regex(AEMP_INSTANT, { error: 'validation.invalid' })
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'validation.invalid' });
const pageNumber = z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(1_000_000);
const equipmentId = z.string().min(1).max(64);

const datetime = z.string().meta({ description: 'UTC instant of the reading, ISO 8601' });
const link = z.object({ rel: z.enum(['self', 'prev', 'next', 'last']), href: z.string() });
export const aempLocation = z.object({ datetime, Latitude: z.number(), Longitude: z.number() });
export const aempHours = z.object({ datetime, Hour: z.number() });
export const aempEngine = z.object({ datetime, Running: z.boolean() });
export const aempFuelRemaining = z.object({ datetime, Percent: z.number() });
export const aempCode = z.object({
  datetime,
  CodeIdentifier: z.string(),
  CodeDescription: z.string(),
  /** 1 notice, 2 warning (cautions), 3 critical (faults). */
  CodeSeverity: z.number().int(),
  CodeSource: z.string(),
});
export const aempHeader = z.object({
  OEMName: z.string(),
  Model: z.string(),
  /** This product's id of the machine: its telematics serial, unique in the fleet. */
  EquipmentID: z.string(),
  /** The machine's own serial number as its maker stamped it. */
  SerialNumber: z.string(),
  /** The product identification number (the frame number) where one is kept. */
  PIN: z.string().optional(),
});
export const aempEquipment = z.object({
  EquipmentHeader: aempHeader,
  Location: aempLocation.optional(),
  CumulativeOperatingHours: aempHours.optional(),
  EngineStatus: aempEngine.optional(),
  FuelRemaining: aempFuelRemaining.optional(),
});
export type AempEquipment = z.infer<typeof aempEquipment>;

const document = { version: z.string(), snapshotTime: datetime };
export const aempFleet = z.object({ ...document, Links: z.array(link), Equipment: z.array(aempEquipment) });
export type AempFleet = z.infer<typeof aempFleet>;
/** One machine's snapshot: the Equipment element as the document's root. */
export const aempEquipmentDocument = aempEquipment.extend(document);
export const aempSeries = z.object({
  ...document,
  Links: z.array(link),
  Location: z.array(aempLocation).optional(),
  CumulativeOperatingHours: z.array(aempHours).optional(),
  EngineStatus: z.array(aempEngine).optional(),
  FuelRemaining: z.array(aempFuelRemaining).optional(),
  CautionCode: z.array(aempCode).optional(),
  FaultCode: z.array(aempCode).optional(),
});
export type AempSeries = z.infer<typeof aempSeries>;

/**
 * The three documents, declared as every endpoint is, for the OpenAPI document: `query` holds the path's parameters
 * (the server reads them from the path), access is the API key (not a console session).
 */
export const aempEndpoints = {
  fleet: defineEndpoint({
    method: 'GET',
    path: `${AEMP_BASE}/Fleet/{pageNumber}`,
    summary: "ISO 15143-3 fleet snapshot: a page of 100 of the key's machines, with Links self/prev/next/last",
    access: 'public',
    scope: 'machines',
    query: z.object({ pageNumber }),
    body: noInput,
    response: aempFleet,
  }),
  equipment: defineEndpoint({
    method: 'GET',
    path: `${AEMP_BASE}/Fleet/Equipment/ID/{equipmentId}`,
    summary: "ISO 15143-3 snapshot of one of the key's machines",
    access: 'public',
    scope: 'machines',
    query: z.object({ equipmentId }),
    body: noInput,
    response: aempEquipmentDocument,
  }),
  series: defineEndpoint({
    method: 'GET',
    path: `${AEMP_BASE}/Fleet/Equipment/ID/{equipmentId}/{dataPoint}/{startDate}/{endDate}/{pageNumber}`,
    summary: 'ISO 15143-3 time series of one data point of a machine between two UTC instants, 100 a page',
    access: 'public',
    scope: 'machines',
    query: z.object({
      equipmentId,
      dataPoint: z.enum(AEMP_DATA_POINT_NAMES),
      startDate: instant,
      endDate: instant,
      pageNumber,
    }),
    body: noInput,
    response: aempSeries,
  }),
} as const;
