import { inflateRawSync } from 'node:zlib';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * Whether a ZIP container (an .xlsx) unpacks to at most `budget` bytes in all, found by unpacking it with that
 * limit before any parser sees it. The sizes a ZIP declares can lie, so each entry is really inflated, with the
 * bytes still left as its ceiling: a small file that unpacks to hundreds of megabytes (a "zip bomb") costs at
 * most `budget` bytes of work. 'unreadable' for a container this reader cannot walk (the parser would fail too).
 */
export function zipWithinBudget(bytes: Uint8Array, budget: number): 'ok' | 'tooLarge' | 'unreadable' {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is in the last 64 KiB + 22 bytes (its comment is at most 65535 bytes).
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return 'unreadable';
  const entries = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  let left = budget;
  try {
    for (let n = 0; n < entries; n++) {
      if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL_ENTRY) return 'unreadable';
      const method = buf.readUInt16LE(at + 10);
      const compressed = buf.readUInt32LE(at + 20);
      const nameLength = buf.readUInt16LE(at + 28);
      const extraLength = buf.readUInt16LE(at + 30);
      const commentLength = buf.readUInt16LE(at + 32);
      const local = buf.readUInt32LE(at + 42);
      at += 46 + nameLength + extraLength + commentLength;
      if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL_HEADER) return 'unreadable';
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      const data = buf.subarray(start, start + compressed);
      let size: number;
      if (method === STORED) size = data.length;
      else if (method === DEFLATED) {
        try {
          size = inflateRawSync(data, { maxOutputLength: left + 1 }).length;
        } catch (error) {
          if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'tooLarge';
          throw error;
        }
      } else return 'unreadable';
      left -= size;
      if (left < 0) return 'tooLarge';
    }
  } catch {
    return 'unreadable';
  }
  return 'ok';
}
