import { z } from 'zod';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { DEVICE_EDITORS, DEVICE_READERS } from '../access/devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { optionalText, pageQuery, paged } from './fields.ts';
import { FILE_NAME, FILE_URL_PREFIX } from './uploads.ts';

/**
 * Device types / models: name, category (the machine kind) and image are required (spec section 5). The
 * operator's models are a catalog every organisation uses; a rental company may add its own.
 */

/** The pictures that come with the product, one per machine kind (web/public/machine-kinds). */
export const builtInModelImage = (kind: string) => `/machine-kinds/${kind}.svg`;
const BUILT_IN_IMAGE = new RegExp(`^/machine-kinds/(${MACHINE_KINDS.join('|')})\\.svg$`);

/** An uploaded image (its /api/files/ url) or one of the built-in pictures. */
export const modelImage = z
  .string({ error: 'deviceModels.imageRequired' })
  .trim()
  .min(1, { error: 'deviceModels.imageRequired' })
  .max(100, { error: 'upload.invalidRef' })
  .refine(
    (url) =>
      BUILT_IN_IMAGE.test(url) ||
      (url.startsWith(FILE_URL_PREFIX) && FILE_NAME.test(url.slice(FILE_URL_PREFIX.length))),
    { error: 'upload.invalidRef' },
  );

export const isBuiltInModelImage = (url: string) => BUILT_IN_IMAGE.test(url);

export const deviceModelForm = z.object({
  name: z
    .string({ error: 'deviceModels.nameRequired' })
    .trim()
    .min(1, { error: 'deviceModels.nameRequired' })
    .max(60, { error: 'validation.tooLong' }),
  /** Its name in Chinese and in English, when kept (decision 064): each console shows and searches its own. */
  nameZh: optionalText(60),
  nameEn: optionalText(60),
  category: z.enum(MACHINE_KINDS, { error: 'deviceModels.categoryRequired' }),
  image: modelImage,
  brand: optionalText(40),
});

export const deviceModel = z.object({
  id: z.number().int(),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  category: z.enum(MACHINE_KINDS),
  brand: z.string(),
  image: z.string(),
  /** Machines in the user's scope that use the model. */
  deviceCount: z.number().int(),
  /** The operator's catalog, which every organisation uses. */
  shared: z.boolean(),
  editable: z.boolean(),
  createdAt: z.string(),
});
export type DeviceModel = z.infer<typeof deviceModel>;

const modelId = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });

export const deviceModelEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/deviceModel/list.do',
    summary: 'Device models the user may use (the operator catalog and the own organisation), by name and category',
    access: { roles: DEVICE_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      /** Matches the name in either language: 泵 finds the pumps. */
      name: z.string().trim().max(60).optional(),
      category: z.enum(MACHINE_KINDS, { error: 'validation.invalid' }).optional(),
    }),
    body: noInput,
    response: paged(deviceModel),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/deviceModel/create.do',
    summary: 'Add a model to the own organisation (operator staff: to the shared catalog)',
    access: { roles: DEVICE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: deviceModelForm,
    response: z.object({ id: z.number().int() }),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/deviceModel/update.do',
    summary: "Change a model of the own organisation; a model's machines take its new category",
    access: { roles: DEVICE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: deviceModelForm.extend({ id: modelId }),
    response: z.object({ id: z.number().int() }),
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/deviceModel/delete.do',
    summary: 'Delete a model of the own organisation; refused while any machine uses it',
    access: { roles: DEVICE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: modelId }),
    response: z.object({ id: z.number().int() }),
  }),
} as const;
