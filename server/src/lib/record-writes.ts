import { eq } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Endpoint } from '@console/contract/http/endpoint';
import type { ScopedWrite } from './data.ts';
import { route, type HandlerContext, type RouteDef } from './route.ts';

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
 * `stamp` (who changed it, when). An area with more to do on a write (a notification, a log) writes its handlers.
 */
export function recordWrites(
  endpoints: RecordWriteEndpoints,
  decl: {
    table: SQLiteTable & { id: SQLiteColumn };
    assertChangeable: (tx: ScopedWrite, id: number, ctx: WriteContext) => void;
    origin: (tx: ScopedWrite, ctx: WriteContext) => Record<string, unknown>;
    stamp: (ctx: WriteContext) => Record<string, unknown>;
  },
): RouteDef[] {
  const { table } = decl;
  return [
    route(endpoints.create, (ctx) => {
      const body = ctx.body as Record<string, unknown>;
      const row = ctx.data.write(
        (tx) =>
          tx
            .insert(table)
            // The form was validated against the endpoint's schema, whose fields are the table's columns.
            .values({ ...body, ...decl.origin(tx, ctx), ...decl.stamp(ctx) } as never)
            .returning({ id: table.id })
            .get() as { id: number },
      );
      return { id: row.id };
    }),
    route(endpoints.update, (ctx) => {
      const { id, ...fields } = ctx.body as { id: number };
      ctx.data.write((tx) => {
        decl.assertChangeable(tx, id, ctx);
        tx.update(table)
          .set({ ...fields, ...decl.stamp(ctx) } as never)
          .where(eq(table.id, id))
          .run();
      });
      return { id };
    }),
    route(endpoints.remove, (ctx) => {
      const { id } = ctx.body as { id: number };
      ctx.data.write((tx) => {
        decl.assertChangeable(tx, id, ctx);
        tx.delete(table).where(eq(table.id, id)).run();
      });
      return { id };
    }),
  ];
}
