import type { z } from 'zod';
import { defineEndpoint, noInput, type Access, type DataScope } from './endpoint.ts';
import { byId, idParam, pageQuery, paged, savedId } from './fields.ts';

/**
 * The endpoints of a registry of records that editors keep, declared once for every such area: a paged list with
 * the area's filters, and create, update and delete, at `<base>/list.do`, `create.do`, `update.do`, `delete.do`.
 * An update sends the form with the record's `id`; every write answers the record's `id`. An area adds its other
 * endpoints (a detail, a feed for the app) beside these.
 *
 *   export const bannerEndpoints = {
 *     ...recordEndpoints({ base: '/banner', names: { one: 'a banner', many: 'banners' }, read: editors, scope: 'organisation',
 *                          filters: { keyword: ... }, row: bannerRow, form: bannerForm }),
 *     live: defineEndpoint({ ... }),
 *   };
 */
export function recordEndpoints<F extends z.ZodRawShape, R extends z.ZodType, S extends z.ZodRawShape>(decl: {
  base: `/${string}`;
  /** The records in the API's summaries: `{ one: 'a banner', many: 'banners' }` gives "Add a banner". */
  names: { one: string; many: string };
  /** Who may list the records. */
  read: Access;
  /** Who may create, change and delete them (the readers when not given). */
  write?: Access;
  scope: DataScope;
  /** The list's filters, beside paging and sorting. */
  filters: F;
  row: R;
  form: z.ZodObject<S>;
}) {
  const { base, names, scope } = decl;
  const write = decl.write ?? decl.read;
  const post = { method: 'POST', access: write, scope, query: noInput, response: savedId } as const;
  return {
    list: defineEndpoint({
      method: 'GET',
      path: `${base}/list.do`,
      summary: `The ${names.many} the user may read, by the list's filters`,
      access: decl.read,
      scope,
      query: pageQuery.extend(decl.filters),
      body: noInput,
      response: paged(decl.row),
    }),
    create: defineEndpoint({ ...post, path: `${base}/create.do`, summary: `Add ${names.one}`, body: decl.form }),
    update: defineEndpoint({
      ...post,
      path: `${base}/update.do`,
      summary: `Change ${names.one}`,
      // safeExtend keeps the form's cross-field rules; its type cannot be followed through a generic shape.
      body: decl.form.safeExtend({ id: idParam } as never) as unknown as z.ZodObject<
        Omit<S, 'id'> & { id: typeof idParam }
      >,
    }),
    remove: defineEndpoint({ ...post, path: `${base}/delete.do`, summary: `Delete ${names.one}`, body: byId }),
  };
}
