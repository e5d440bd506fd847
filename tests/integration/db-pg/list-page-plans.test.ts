/**
 * A list's page on PostgreSQL (server/src/lib/list-page.ts, docs/decisions/067): near the list's start its paging is
 * written into the statement, so PostgreSQL keeps one plan for it after its first runs; a deeper page binds its paging
 * and is planned at each run, as a bound limit always was. The page carries the list's count; a page past the end,
 * with no row to carry it, is counted alone.
 */
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type AnyDbHandle, type Db } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { PAGING_IN_TEXT_ROWS, preparedListPage } from '@console/server/src/lib/list-page';
import { ScopedData } from '@console/server/src/lib/data';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

const CUSTOMERS = 20_000;
const PAGE_SIZE = 20;
const RUNS = 8;

describe("a list page's plans on PostgreSQL", () => {
  let scratch: ScratchDatabase;
  let handle: AnyDbHandle;
  let db: Db;

  beforeAll(async () => {
    scratch = await createScratchDatabase('console_list_page_plans');
    // One connection, so that the statements it keeps are the ones this test ran.
    handle = await openDatabase('', { url: scratch.url, max: 1 });
    db = handle.db;
    await db.insert(organisations).values({ name: 'Lessor', kind: 'lessor' });
    await db.run(sql`insert into organisations (name, kind)
      select 'Customer ' || lpad(n::text, 5, '0'), 'customer' from generate_series(1, ${CUSTOMERS}) n`);
    await db.run(sql`analyze organisations`);
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
  });

  /** Page `page` of the customers, by name, as the user of every organisation sees it, and their count. */
  const customersPage = async (page: number) => {
    const data = new ScopedData(db, null, []);
    const result = await preparedListPage(
      data,
      { page, pageSize: PAGE_SIZE },
      // No value bound but the paging, so that the plans differ by the paging alone.
      { shape: 'customers', values: {} },
      () => ({
        rows: db
          .select({ id: organisations.id, name: organisations.name })
          .from(organisations)
          .where(sql`${organisations.kind} = 'customer'`)
          .$dynamic(),
        order: [asc(organisations.name), asc(organisations.id)],
        // The page read again under the table's name, as the device list reads its names (its order kept).
        present: (paged, order, total) =>
          db
            .select({ name: organisations.name, listTotal: total })
            .from(paged.as('organisations'))
            .$dynamic()
            .orderBy(...order),
      }),
    );
    return { names: result.rows.map((row) => row.name), total: result.total };
  };

  /** How the connection ran its page statements: the generic plans and the plans made for one run's values. */
  const pagePlans = async () =>
    db.all<{ statement: string; generic: number; custom: number }>(
      sql`select statement, generic_plans as generic, custom_plans as custom from pg_prepared_statements
        where statement like '%limit%' order by statement`,
    );

  it('plans a page near the start once, and answers it the same', async () => {
    const expected = Array.from(
      { length: PAGE_SIZE },
      (_, i) => `Customer ${String(PAGE_SIZE + i + 1).padStart(5, '0')}`,
    );
    for (let run = 0; run < RUNS; run++) expect(await customersPage(2)).toEqual({ names: expected, total: CUSTOMERS });
    const [plans] = await pagePlans();
    expect(plans!.statement).toContain(`limit ${PAGE_SIZE} offset ${PAGE_SIZE}`);
    expect({ generic: Number(plans!.generic), custom: Number(plans!.custom) }).toEqual({ generic: RUNS, custom: 0 });
  });

  it('binds the paging of a deeper page, which is planned for its values at each run', async () => {
    const page = PAGING_IN_TEXT_ROWS / PAGE_SIZE + 1;
    const first = (page - 1) * PAGE_SIZE + 1;
    const expected = Array.from({ length: PAGE_SIZE }, (_, i) => `Customer ${String(first + i).padStart(5, '0')}`);
    for (let run = 0; run < RUNS; run++) {
      expect(await customersPage(page)).toEqual({ names: expected, total: CUSTOMERS });
    }
    const bound = (await pagePlans()).find((plans) => /limit \$\d+ offset \$\d+/.test(plans.statement));
    expect(bound).toBeDefined();
    expect({ generic: Number(bound!.generic), custom: Number(bound!.custom) }).toEqual({ generic: 0, custom: RUNS });
  });

  it('counts a page past the end alone: it has no row to carry the count', async () => {
    expect(await customersPage(CUSTOMERS / PAGE_SIZE + 1)).toEqual({ names: [], total: CUSTOMERS });
  });
});
