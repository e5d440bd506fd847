import sharp from 'sharp';
import type { KindData } from '@console/contract/mqtt/payloads';

/** What a camera sees: the machine's serial, kind and latest readings, where it is and when. */
export interface Scene {
  serial: string;
  kind: string;
  channel: number;
  /** Simulated time, ms since the epoch, and the site's time zone. */
  at: number;
  timeZone: string;
  data: KindData | null;
  speedKmh: number;
  lock: string;
}

export const FRAME_WIDTH = 640;
export const FRAME_HEIGHT = 360;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!);

/** The readings as `name value` lines: numbers rounded, flags as on/off, pairs joined. */
export function readingLines(data: KindData | null): string[] {
  if (!data) return ['no report yet'];
  return Object.entries(data)
    .filter(([key]) => key !== 'kind')
    .slice(0, 6)
    .map(([key, value]) => {
      const shown = Array.isArray(value)
        ? value.map((v) => Math.round(Number(v) * 10) / 10).join(' / ')
        : typeof value === 'number'
          ? String(Math.round(value * 10) / 10)
          : typeof value === 'boolean'
            ? value
              ? 'on'
              : 'off'
            : String(value);
      return `${key} ${shown}`;
    });
}

/** How far the boom, mast or arm stands (0-1), from the reading that says it; a still picture has none. */
function reach(data: KindData | null): number {
  if (!data) return 0;
  if (data.kind === 'aerialPlatform') return Math.min(1, data.platformHeightM / 20);
  if (data.kind === 'forklift') return Math.min(1, data.forkHeightM / 6);
  if (data.kind === 'concretePump') return data.pumpStatus === 'standby' ? 0.2 : 0.8;
  return 0.3;
}

function localStamp(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(at);
}

/** The scene as SVG: sky and ground, the machine with its boom at its reach, the camera's overlay. */
export function sceneSvg(scene: Scene): string {
  const w = FRAME_WIDTH;
  const h = FRAME_HEIGHT;
  const night = Number(localStamp(scene.at, scene.timeZone).slice(11, 13));
  const dark = night < 6 || night >= 19;
  const angle = -10 - reach(scene.data) * 60;
  const lines = readingLines(scene.data)
    .map((line, i) => `<text x="${w - 16}" y="${64 + i * 20}" text-anchor="end">${escapeXml(line)}</text>`)
    .join('');
  // The scene drifts with the seconds, so a player shows a moving picture even when the machine stands still.
  const drift = (scene.at / 1000) % 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<rect width="${w}" height="${h * 0.62}" fill="${dark ? '#1b2333' : '#8fb8de'}"/>
<rect y="${h * 0.62}" width="${w}" height="${h * 0.38}" fill="${dark ? '#2d2a24' : '#a98f6a'}"/>
<circle cx="${80 + drift * 4}" cy="60" r="22" fill="${dark ? '#d8dde6' : '#fff3b0'}" opacity="0.8"/>
<g transform="translate(${200} ${h * 0.62})">
  <rect x="0" y="-40" width="150" height="40" rx="4" fill="#f0a500" stroke="#5a3d00" stroke-width="2"/>
  <circle cx="30" cy="6" r="14" fill="#333"/><circle cx="120" cy="6" r="14" fill="#333"/>
  <g transform="translate(110 -40) rotate(${angle})">
    <rect x="-130" y="-6" width="140" height="12" rx="3" fill="#e08b00" stroke="#5a3d00" stroke-width="2"/>
  </g>
</g>
<g font-family="DejaVu Sans, Noto Sans, Arial, sans-serif" font-size="15" fill="#ffffff" stroke="#000" stroke-width="0.4">
  <rect x="0" y="0" width="${w}" height="34" fill="#000" opacity="0.45" stroke="none"/>
  <text x="12" y="23" font-size="17">${escapeXml(scene.serial)}  CH${scene.channel}  ${escapeXml(scene.kind)}</text>
  <text x="${w - 12}" y="23" text-anchor="end" font-size="17">${escapeXml(localStamp(scene.at, scene.timeZone))}</text>
  ${lines}
  <text x="12" y="${h - 14}">speed ${Math.round(scene.speedKmh * 10) / 10} km/h  lock ${escapeXml(scene.lock)}</text>
  <circle cx="${w - 24}" cy="${h - 20}" r="7" fill="#e53935" stroke="none"/>
  <text x="${w - 38}" y="${h - 14}" text-anchor="end">LIVE</text>
</g>
</svg>`;
}

/**
 * The scene as a JPEG. sharp (libvips, prebuilt for Node 24 on Linux, macOS and Windows) rasterises the SVG and
 * encodes it in a few milliseconds; decision 057 says why it and not a JavaScript encoder.
 */
export function renderFrame(scene: Scene): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(scene)))
    .jpeg({ quality: 72 })
    .toBuffer();
}
