import { eq } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Endpoint } from '@console/contract/http/endpoint';
import { API_STATUS } from '@console/contract/http/envelope';
import type { ScopedWrite } from './data.ts';
import { ApiError } from './errors.ts';
import { route, type HandlerContext, type RouteDef } from './route.ts';

/** An update that changed no row did not take: the spec's "modification fails" (the record went meanwhile). */
export function updated(result: { changes: number }): void {
  if (result.changes === 0) throw new ApiError(API_STATUS.error, 'error.modifyFailed');
}

/** A delete that removed no row did not take: the spec's "deletion fails". */
export function deleted(result: { changes: number }): void {
  if (result.changes === 0) throw new ApiError(API_STATUS.error, 'error.deleteFailed');
}

/** The request a write runs for: who, when, for which brand. */
type WriteContext = HandlerContext<Endpoint>;

/** The create, update and delete endpoints of a registry (contract `recordEndpoints`). */
interface RecordWriteEndpoints {
  create: Endpoint;
  update: Endpoint;
  remove: Endpoint;
}

/**
 * The handlers of a registry's create, update and delete (contract `recordEndpoints`), each one unit of work: a
 * create stores the form with its `origin` (organisation, author, brand); an update and a delete first check that
 * the caller may change the record (`assertChangeable` refuses otherwise), and every create and update sets the
 * `stamp` (who changed it, when). An update or delete that does not take (the row went meanwhile) answers the
 * spec's "modification fails" / "deletion fails" instead of a success. An area with more to do on a write (a
 * notification, a log) writes its handlers.
 */
export function recordWrites(
  endpoints: RecordWriteEndpoints,
  decl: {
    table: SQLiteTable & { id: SQLiteColumn };
    assertChangeable: (tx: ScopedWrite, id: number, ctx: WriteContext) => Promise<void> | void;
    /** Rules of the form the schema cannot check (a file's content), before a create or an update. */
    check?: (ctx: WriteContext) => void | Promise<void>;
    origin: (tx: ScopedWrite, ctx: WriteContext) => Promise<Record<string, unknown>> | Record<string, unknown>;
    stamp: (ctx: WriteContext) => Record<string, unknown>;
  },
): RouteDef[] {
  const { table } = decl;
  return [
    route(endpoints.create, async (ctx) => {
      const body = ctx.body as Record<string, unknown>;
      await decl.check?.(ctx);
      const row = await ctx.data.write(
        async (tx) =>
          (await tx
            .insert(table)
            // The form was validated against the endpoint's schema, whose fields are the table's columns.
            .values({ ...body, ...(await decl.origin(tx, ctx)), ...decl.stamp(ctx) } as never)
            .returning({ id: table.id })
            .get()) as { id: number },
      );
      return { id: row.id };
    }),
    route(endpoints.update, async (ctx) => {
      const { id, ...fields } = ctx.body as { id: number };
      await ctx.data.write(async (tx) => {
        await decl.assertChangeable(tx, id, ctx);
        await decl.check?.(ctx);
        updated(
          await tx
            .update(table)
            .set({ ...fields, ...decl.stamp(ctx) } as never)
            .where(eq(table.id, id))
            .run(),
        );
      });
      return { id };
    }),
    route(endpoints.remove, async (ctx) => {
      const { id } = ctx.body as { id: number };
      await ctx.data.write(async (tx) => {
        await decl.assertChangeable(tx, id, ctx);
        deleted(await tx.delete(table).where(eq(table.id, id)).run());
      });
      return { id };
    }),
  ];
}
