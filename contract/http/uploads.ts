import { z } from 'zod';
import type { MessageKey } from '../messages/zh-CN.ts';
import { defineEndpoint, noInput } from './endpoint.ts';

/**
 * The upload rules of spec section 5, shared by the console (checked before sending) and the server
 * (checked again on the bytes, whatever the file is called):
 * - image: a general image (avatar, licence): jpg/png, at most 2 MB (2097152 bytes);
 * - photo: one of up to 10 pictures of a record: jpg/png, at most 500 kb each;
 * - pdf: a contract or invoice file: pdf, at most 5 MB each.
 */
export const UPLOAD_KINDS = ['image', 'photo', 'pdf'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/** The kinds that may be public (`isPublic=1`): pictures shown to others, such as avatars and model pictures. */
export const PUBLIC_KINDS: readonly UploadKind[] = ['image'];
export type FileType = 'jpg' | 'png' | 'pdf';

export interface UploadRule {
  types: readonly FileType[];
  maxBytes: number;
  wrongType: MessageKey;
  tooLarge: MessageKey;
}

export const UPLOAD_RULES: Record<UploadKind, UploadRule> = {
  image: { types: ['jpg', 'png'], maxBytes: 2097152, wrongType: 'upload.imageType', tooLarge: 'upload.imageTooLarge' },
  photo: {
    types: ['jpg', 'png'],
    maxBytes: 500 * 1024,
    wrongType: 'upload.imageType',
    tooLarge: 'upload.imageTooLarge500k',
  },
  pdf: { types: ['pdf'], maxBytes: 5 * 1024 * 1024, wrongType: 'upload.pdfOnly', tooLarge: 'upload.pdfTooLarge' },
};

/** General images larger than this are compressed in the browser (quality 0.3, the smaller kept). */
export const COMPRESS_ABOVE_BYTES = 1024 * 1024;
export const COMPRESS_QUALITY = 0.3;

export const MIME_OF: Record<FileType, string> = { jpg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };

/** Where a stored file is served; the name is random, so an avatar link is safe to share. */
export const FILE_URL_PREFIX = '/api/files/';
export const FILE_NAME = /^[0-9a-f]{32}\.(jpg|png|pdf)$/;

export function fileUrl(name: string): string {
  return `${FILE_URL_PREFIX}${name}`;
}

/** A reference to an uploaded file in a form: its url, or '' for none. */
export const fileRef = z
  .string()
  .trim()
  .max(100)
  .refine(
    (url) => url === '' || (url.startsWith(FILE_URL_PREFIX) && FILE_NAME.test(url.slice(FILE_URL_PREFIX.length))),
    {
      error: 'upload.invalidRef',
    },
  );

export const uploadedFile = z.object({
  url: z.string(),
  name: z.string(),
  type: z.enum(['jpg', 'png', 'pdf']),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

export const uploadEndpoints = {
  upload: defineEndpoint({
    method: 'POST',
    path: '/upload/file.do',
    summary:
      'Store a file (multipart field `file`) under a random name after checking its content against the rule of `kind`; ' +
      '`isPublic=1` (kind `image` only: avatars, model pictures) lets anyone holding the link read it, otherwise ' +
      'only the organisation may; a pdf is served as a download',
    access: 'signedIn',
    scope: 'organisation',
    multipart: true,
    query: noInput,
    body: z.object({
      file: z.file({ error: 'validation.required' }),
      kind: z.enum(UPLOAD_KINDS, { error: 'validation.invalid' }),
      isPublic: z.enum(['0', '1']).default('0'),
    }),
    response: uploadedFile,
  }),
} as const;
