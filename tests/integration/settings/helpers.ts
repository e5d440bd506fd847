import { eq } from 'drizzle-orm';
import { organisations } from '@console/db/schema/accounts';
import { createUser } from '@console/db/seed/accounts';
import { uploadEndpoints, type UploadKind } from '@console/contract/http/uploads';
import type { RoleId } from '@console/contract/codes/roles';
import { createSession } from '@console/server/src/lib/session';
import type { TestApp } from '../../fixtures/test-app.ts';

/** A real 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** A file of `size` bytes that starts like `head` (its content type is that of the head). */
export function padded(head: Buffer, size: number): Buffer {
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length))]);
}

/** POST /api/upload/file.do as multipart form data, as the console's upload field sends it. */
export async function upload(
  t: TestApp,
  token: string,
  file: { bytes: Buffer; name: string; type?: string },
  kind: UploadKind,
  isPublic = false,
) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? 'image/png' }));
  form.append('kind', kind);
  if (isPublic) form.append('isPublic', '1');
  const response = await t.app.request(`/api${uploadEndpoints.upload.path}`, {
    method: 'POST',
    headers: { token, lang: 'en_US' },
    body: form,
  });
  return (await response.json()) as { status: string; message: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** GET a stored file, with or without a token. */
export async function fetchFile(t: TestApp, url: string, token?: string) {
  return t.app.request(url, { headers: token ? { token } : {} });
}

/** A token for a new account of `roleId` in another organisation (by name), for refusals across organisations. */
export async function tokenInOrg(t: TestApp, orgName: string, roleId: RoleId, mobile: string) {
  const org = (await t.dbh.db.select().from(organisations).where(eq(organisations.name, orgName)).get())!;
  const user = await createUser(t.dbh.db, { orgId: org.id, mobile, roleId });
  return {
    user,
    token: await createSession(t.dbh.db, user.id, 'console', '127.0.0.1', t.deps.now() + 3600_000),
  };
}
