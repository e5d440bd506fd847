import { COMPRESS_ABOVE_BYTES, UPLOAD_RULES, type FileType, type UploadKind } from '@console/contract/http/uploads';

/**
 * The spec's upload rules as the browser applies them before sending (the server checks the bytes again):
 * type by name and declared type, size per rule, and how many files a field holds.
 *
 *   const refusal = checkFile('photo', file, fileList.length, 10);
 *   if (refusal) message.error(messageText(refusal.key, refusal.params));
 */
export interface FileFacts {
  name: string;
  type: string;
  size: number;
}

export interface Refusal {
  /** A contract message key (upload.*). */
  key: string;
  params?: Record<string, string | number>;
}

const EXTENSIONS: Record<FileType, readonly string[]> = { jpg: ['jpg', 'jpeg'], png: ['png'], pdf: ['pdf'] };
const MIMES: Record<FileType, readonly string[]> = {
  jpg: ['image/jpeg'],
  png: ['image/png'],
  pdf: ['application/pdf'],
};

/** The type a file claims to be by its name and declared type, or null when the two disagree or are unknown. */
export function claimedType(file: Pick<FileFacts, 'name' | 'type'>): FileType | null {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  const byName = (Object.keys(EXTENSIONS) as FileType[]).find((type) => EXTENSIONS[type].includes(extension));
  if (!byName) return null;
  return file.type === '' || MIMES[byName].includes(file.type) ? byName : null;
}

/**
 * Why a file may not be added to a field already holding `count` files (of at most `max`), or null.
 * A general image above the limit is refused here only when it cannot be compressed below it: see
 * `needsCompression`.
 */
export function checkFile(kind: UploadKind, file: FileFacts, count: number, max: number): Refusal | null {
  const rule = UPLOAD_RULES[kind];
  if (count >= max) return { key: 'upload.tooMany', params: { max } };
  const type = claimedType(file);
  if (!type || !rule.types.includes(type)) return { key: rule.wrongType };
  if (file.size > rule.maxBytes) return { key: rule.tooLarge };
  return null;
}

/** General images larger than 1 MB are compressed (quality 0.3) before upload; the smaller result is kept. */
export function needsCompression(kind: UploadKind, size: number): boolean {
  return kind === 'image' && size > COMPRESS_ABOVE_BYTES;
}

export function smaller<T extends { size: number }>(original: T, compressed: T | null): T {
  return compressed && compressed.size < original.size ? compressed : original;
}
