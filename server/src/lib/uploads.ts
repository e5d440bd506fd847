import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { eq } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { uploads } from '@console/db/schema/accounts';
import { deviceFiles } from '@console/db/schema/device-records';
import { devices } from '@console/db/schema/devices';
import { API_STATUS } from '@console/contract/http/envelope';
import { translate } from '@console/contract/messages/translate';
import {
  FILE_NAME,
  FILE_URL_PREFIX,
  fileUrl,
  MIME_OF,
  UPLOAD_RULES,
  type FileType,
  type UploadedFile,
  type UploadKind,
} from '@console/contract/http/uploads';
import type { AppDeps } from './deps.ts';
import { invalidField } from './errors.ts';
import { requestLang, requestToken } from './route.ts';
import { ScopedData } from './data.ts';
import { findSessionUser, type SessionUser } from './session.ts';
import { contractFileReadable } from '../lease/files.ts';

/** What a file is by its first bytes; the name and the browser's declared type are never trusted. */
export function detectFileType(bytes: Uint8Array): FileType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf'; // %PDF-
  return null;
}

/** The type of an upload allowed by its rule, or the rule's refusal on the `file` field. */
export function checkUpload(kind: UploadKind, bytes: Uint8Array): FileType {
  const rule = UPLOAD_RULES[kind];
  const type = detectFileType(bytes);
  if (!type || !rule.types.includes(type)) throw invalidField('file', rule.wrongType);
  if (bytes.length > rule.maxBytes) throw invalidField('file', rule.tooLarge);
  return type;
}

interface FileStore {
  write(name: string, bytes: Uint8Array): void;
  read(name: string): Uint8Array | null;
  remove(name: string): void;
}

// An in-memory database (tests) keeps its files in memory too, so tests never write into the data folder.
const stores = new WeakMap<AppDeps['dbh'], FileStore>();

function memoryStore(): FileStore {
  const files = new Map<string, Uint8Array>();
  return {
    write: (name, bytes) => void files.set(name, bytes),
    read: (name) => files.get(name) ?? null,
    remove: (name) => void files.delete(name),
  };
}

function diskStore(dir: string): FileStore {
  return {
    write(name, bytes) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, name), bytes, { flag: 'wx' });
    },
    read(name) {
      try {
        return readFileSync(join(dir, name));
      } catch {
        return null;
      }
    },
    remove(name) {
      rmSync(join(dir, name), { force: true });
    },
  };
}

/** Files live in `uploads/` beside the database file (data/uploads by default). */
function fileStore(deps: AppDeps): FileStore {
  let store = stores.get(deps.dbh);
  if (!store) {
    const { sqlite } = deps.dbh;
    // On PostgreSQL (no database file) they live beside DB_FILE all the same.
    const beside = sqlite?.name ?? deps.env.DB_FILE;
    store = sqlite?.memory ? memoryStore() : diskStore(join(dirname(resolve(beside)), 'uploads'));
    stores.set(deps.dbh, store);
  }
  return store;
}

/** The bytes of a stored upload (a template's PDF drawn on), or null. */
export function readStoredFile(deps: AppDeps, name: string): Uint8Array | null {
  return fileStore(deps).read(name) ?? null;
}

/** The largest file any rule allows, and room for the rest of the multipart form. */
const MAX_UPLOAD_BODY = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes)) + 64 * 1024;

/** Refuses an oversized upload while it streams in, before it is held in memory. */
export function uploadBodyLimit(): MiddlewareHandler {
  return bodyLimit({
    maxSize: MAX_UPLOAD_BODY,
    onError: (c) => {
      const lang = requestLang(c);
      const reason = translate(lang, 'upload.fileTooLarge');
      return c.json({
        status: API_STATUS.invalid,
        message: translate(lang, 'error.invalidField', { field: 'file', reason }),
        data: { field: 'file', issues: [{ path: 'file', message: 'upload.fileTooLarge' }] },
      });
    },
  });
}

/**
 * Check an uploaded file and write it under a random name: the slow part, done before any unit of work. It
 * becomes an upload of the user's organisation with recordUpload (until then nobody can read it); a unit of
 * work that refuses it calls discardFile.
 */
export async function keepFile(deps: AppDeps, file: File, kind: UploadKind): Promise<UploadedFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = checkUpload(kind, bytes);
  const name = `${randomBytes(16).toString('hex')}.${type}`;
  fileStore(deps).write(name, bytes);
  return { url: fileUrl(name), name, type, size: bytes.length };
}

export function discardFile(deps: AppDeps, file: UploadedFile): void {
  fileStore(deps).remove(file.name);
}

/**
 * The record that makes a kept file an upload of the user's organisation (or of `ownerOrgId`: an invoice's PDF is the
 * buyer's document, whoever issued it); part of the caller's unit of work.
 */
export async function recordUpload(
  db: Pick<Db, 'insert'>,
  user: SessionUser,
  file: UploadedFile,
  kind: UploadKind,
  isPublic: boolean,
  ownerOrgId: number = user.orgId,
): Promise<UploadedFile> {
  await db
    .insert(uploads)
    .values({ name: file.name, orgId: ownerOrgId, userId: user.id, kind, type: file.type, size: file.size, isPublic })
    .run();
  return file;
}

/** Check and keep an uploaded file under a random name; it belongs to the uploader's organisation. */
export async function storeUpload(
  deps: AppDeps,
  user: SessionUser,
  file: File,
  kind: UploadKind,
  isPublic: boolean,
): Promise<UploadedFile> {
  const kept = await keepFile(deps, file, kind);
  return recordUpload(deps.dbh.db, user, kept, kind, isPublic);
}

/**
 * Check a file reference a form sends (its url, or '' for none): it must be an upload of the user's
 * organisation of one of the given kinds (and public, where others will see it by link). Answers the url.
 */
export async function requireUpload(
  deps: AppDeps,
  user: SessionUser,
  url: string,
  field: string,
  options: { kinds: UploadKind[]; isPublic?: boolean },
): Promise<string> {
  if (url === '') return url;
  const name = url.slice(FILE_URL_PREFIX.length);
  const record = await deps.dbh.db.select().from(uploads).where(eq(uploads.name, name)).get();
  const fits =
    record &&
    url.startsWith(FILE_URL_PREFIX) &&
    record.orgId === user.orgId &&
    options.kinds.includes(record.kind) &&
    (!options.isPublic || record.isPublic);
  if (!fits) throw invalidField(field, 'upload.invalidRef');
  return url;
}

/** A file kept with a machine (device files) is read by whoever sees the machine: its customer reads its manual. */
async function isFileOfVisibleDevice(data: ScopedData, name: string): Promise<boolean> {
  const row = await data
    .select({ id: deviceFiles.id })
    .from(deviceFiles, data.deviceScope())
    .innerJoin(devices, eq(devices.id, deviceFiles.deviceId))
    .where(eq(deviceFiles.fileName, name))
    .get();
  return row !== undefined;
}

/**
 * GET /api/files/:name. A contract's file is served to exactly the readers of its contract (decision 033, addendum),
 * whoever uploaded it. A public file (an avatar) is served to anyone holding its random name; any other
 * only to a signed-in user whose scope includes the file's organisation, or who sees the machine it is kept
 * with. An unknown or forbidden file answers the same 404, so names cannot be probed.
 */
export async function serveUpload(c: Context, deps: AppDeps): Promise<Response> {
  const name = c.req.param('name') ?? '';
  const missing = () =>
    c.json({ status: API_STATUS.notFound, message: translate(requestLang(c), 'error.notFound'), data: null }, 404);
  if (!FILE_NAME.test(name)) return missing();
  const record = await deps.dbh.db.select().from(uploads).where(eq(uploads.name, name)).get();
  if (!record) return missing();
  let session: SessionUser | null | undefined;
  const signedIn = async () => {
    if (session === undefined) {
      const token = requestToken(c);
      const user = token ? await findSessionUser(deps.dbh.db, token, deps.now()) : null;
      session = user && user.roleId ? user : null;
    }
    return session;
  };
  const ofContract = await contractFileReadable(deps.dbh.db, name, signedIn);
  if (ofContract !== null) {
    if (!ofContract) return missing();
  } else if (!record.isPublic) {
    const user = await signedIn();
    if (!user) return missing();
    const data = await ScopedData.of(deps.dbh.db, user);
    const readable = data.sees(record.orgId) || (await isFileOfVisibleDevice(data, name));
    if (!readable) return missing();
  }
  const bytes = fileStore(deps).read(name);
  if (!bytes) return missing();
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': MIME_OF[record.type],
      'content-length': String(bytes.length),
      'x-content-type-options': 'nosniff',
      // A PDF opened from this origin could run its own scripts here: it is a download, never a page. Any file
      // opened directly runs in a sandbox without scripts, apart from the console.
      'content-disposition': record.type === 'pdf' ? `attachment; filename="${name}"` : 'inline',
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      'cache-control': record.isPublic ? 'public, max-age=31536000, immutable' : 'private, max-age=3600',
    },
  });
}
