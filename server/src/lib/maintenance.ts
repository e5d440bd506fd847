import { inArray, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Dialect } from '@console/db/dialect';
import { users } from '@console/db/schema/accounts';
import type { ScopedData } from './data.ts';

/**
 * What the maintenance areas (expert library, fault records, upkeep plans, feedback) share.
 * See docs/decisions/019-maintenance-records.md.
 */

/** A JSON array column (fault types) holds the value; `dialect` is the query's engine's (`data.dialect`). */
export const jsonHas = (dialect: Dialect, column: SQLiteColumn, value: string): SQL =>
  sql`exists (select 1 from ${dialect.jsonEach(column)} where ${dialect.jsonEachValue()} = ${value})`;

/** The display names of users, by id (a deleted user shows as ''). */
export async function userNames(data: ScopedData, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  return new Map(
    (
      await data
        .unscoped('referencedNames')
        .select({ id: users.id, name: users.name, nickname: users.nickname })
        .from(users)
        .where(inArray(users.id, wanted))
        .all()
    ).map((u) => [u.id, u.name || u.nickname]),
  );
}

/**
 * The user's organisations keep the machine: its owner is one of them. Renting (a customer) or distributing a
 * machine lets a user see it, not keep it.
 */
export function keepsMachine(data: ScopedData, ownerOrgId: number): boolean {
  return data.sees(ownerOrgId);
}
