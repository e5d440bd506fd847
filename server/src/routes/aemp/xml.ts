import type { AEMP_DATA_POINTS } from '@console/contract/http/aemp';
import { AEMP_NAMESPACE, type AempEquipment, type AempFleet, type AempSeries } from '@console/contract/http/aemp';

/**
 * The ISO 15143-3 XML documents, in the order of the schema kept in server/src/routes/aemp/iso-15143-3.xsd
 * (decision 068). Every value is escaped; the JSON answers carry the same values under the same names.
 */

const escape = (text: string) =>
  text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!);

const el = (name: string, value: string | number | boolean) => `<${name}>${escape(String(value))}</${name}>`;
const timed = (name: string, datetime: string, children: string) =>
  `<${name} datetime="${escape(datetime)}">${children}</${name}>`;

type Links = AempFleet['Links'];
const links = (list: Links) => list.map((l) => `<Links>${el('rel', l.rel)}${el('href', l.href)}</Links>`).join('');

const rootAttributes = (doc: { version: string; snapshotTime: string }) =>
  `xmlns="${AEMP_NAMESPACE}" version="${escape(doc.version)}" snapshotTime="${escape(doc.snapshotTime)}"`;

function equipmentBody(e: AempEquipment): string {
  const h = e.EquipmentHeader;
  let out = `<EquipmentHeader>${el('OEMName', h.OEMName)}${el('Model', h.Model)}${el('EquipmentID', h.EquipmentID)}${el(
    'SerialNumber',
    h.SerialNumber,
  )}${h.PIN ? el('PIN', h.PIN) : ''}</EquipmentHeader>`;
  if (e.Location) out += location(e.Location);
  if (e.CumulativeOperatingHours) out += hours(e.CumulativeOperatingHours);
  if (e.EngineStatus) out += engine(e.EngineStatus);
  if (e.FuelRemaining) out += fuel(e.FuelRemaining);
  return out;
}

type Loc = NonNullable<AempEquipment['Location']>;
type Hours = NonNullable<AempEquipment['CumulativeOperatingHours']>;
type Engine = NonNullable<AempEquipment['EngineStatus']>;
type Fuel = NonNullable<AempEquipment['FuelRemaining']>;
type Code = NonNullable<AempSeries['FaultCode']>[number];

const location = (l: Loc) => timed('Location', l.datetime, el('Latitude', l.Latitude) + el('Longitude', l.Longitude));
const hours = (h: Hours) => timed('CumulativeOperatingHours', h.datetime, el('Hour', h.Hour));
const engine = (e: Engine) => timed('EngineStatus', e.datetime, el('Running', e.Running));
const fuel = (f: Fuel) => timed('FuelRemaining', f.datetime, el('Percent', f.Percent));
const code = (name: string) => (c: Code) =>
  timed(
    name,
    c.datetime,
    el('CodeIdentifier', c.CodeIdentifier) +
      el('CodeDescription', c.CodeDescription) +
      el('CodeSeverity', c.CodeSeverity) +
      el('CodeSource', c.CodeSource),
  );

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function fleetXml(doc: AempFleet): string {
  const equipment = doc.Equipment.map((e) => `<Equipment>${equipmentBody(e)}</Equipment>`).join('');
  return `${HEAD}<Fleet ${rootAttributes(doc)}>${links(doc.Links)}${equipment}</Fleet>`;
}

export function equipmentXml(doc: AempEquipment & { version: string; snapshotTime: string }): string {
  return `${HEAD}<Equipment ${rootAttributes(doc)}>${equipmentBody(doc)}</Equipment>`;
}

/** A time series: `<{Element}Messages>` with its Links and its records, one element each. */
export function seriesXml(doc: AempSeries, element: (typeof AEMP_DATA_POINTS)[keyof typeof AEMP_DATA_POINTS]): string {
  const records =
    element === 'Location'
      ? (doc.Location ?? []).map(location)
      : element === 'CumulativeOperatingHours'
        ? (doc.CumulativeOperatingHours ?? []).map(hours)
        : element === 'EngineStatus'
          ? (doc.EngineStatus ?? []).map(engine)
          : element === 'FuelRemaining'
            ? (doc.FuelRemaining ?? []).map(fuel)
            : (doc[element] ?? []).map(code(element));
  return `${HEAD}<${element}Messages ${rootAttributes(doc)}>${links(doc.Links)}${records.join('')}</${element}Messages>`;
}
