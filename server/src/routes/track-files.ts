import { toCsv } from '@console/contract/formats/csv';
import type { TrackHistory } from '@console/contract/http/tracks';
import type { MessageKey } from '@console/contract/messages/zh-CN';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The track point fields of spec section 3, one row a point, headed in the user's language. */
export function trackCsv(track: TrackHistory, t: T): string {
  const columns = ['gpsTime', 'longitude', 'latitude', 'speed', 'alarmInfo', 'alarmValue', 'receivedAt'] as const;
  return toCsv(
    columns.map((c) => t(`tracks.column.${c}`)),
    track.points.map((p) => [p.gpsTime, p.lng, p.lat, p.speed, p.alarmInfo, p.alarmValue, p.receivedAt]),
  );
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);

const placemark = (name: string, description: string, lat: number, lng: number) =>
  `<Placemark><name>${escapeXml(name)}</name><description>${escapeXml(description)}</description>` +
  `<Point><coordinates>${lng},${lat},0</coordinates></Point></Placemark>`;

/**
 * KML 2.2 (WGS-84, as KML requires): the track as a line, and folders of its stops and alarms, so the file opens
 * in any GIS or globe with the same marks the player shows.
 */
export function trackKml(track: TrackHistory, t: T, title: string): string {
  const line = track.points.map((p) => `${p.lng},${p.lat},0`).join(' ');
  const stops = track.stops.map((s) =>
    placemark(t('tracks.kml.stop', { minutes: s.minutes }), `${s.start} - ${s.end}`, s.lat, s.lng),
  );
  const alarms = track.alarms.map((a) => {
    const point = track.points[a.index]!;
    return placemark(a.alarmType, `${a.time} ${a.alarmInfo}`, point.lat, point.lng);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    `<Document><name>${escapeXml(title)}</name>`,
    `<Placemark><name>${escapeXml(t('tracks.kml.track'))}</name>`,
    `<LineString><tessellate>1</tessellate><coordinates>${line}</coordinates></LineString></Placemark>`,
    `<Folder><name>${escapeXml(t('tracks.kml.stops'))}</name>${stops.join('')}</Folder>`,
    `<Folder><name>${escapeXml(t('tracks.kml.alarms'))}</name>${alarms.join('')}</Folder>`,
    '</Document>',
    '</kml>',
    '',
  ].join('\n');
}
