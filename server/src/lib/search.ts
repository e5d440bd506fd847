import { or, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Dialect } from '@console/db/dialect';

/**
 * The one keyword semantics of every list: the text appears anywhere in the column, ignoring case, with the
 * user's `%`, `_` and `\` matched as themselves: the engine's case-insensitive LIKE (SQLite's folds ASCII letters as
 * its `lower()` does; PostgreSQL's ILIKE). `dialect` is the query's engine's (`data.dialect`, `dialectOf(db)`).
 */
function like(dialect: Dialect, column: SQLWrapper, text: string): SQL {
  return matches(dialect, column, containsPattern(text));
}

/** The LIKE pattern of "contains the text", the user's `%`, `_` and `\` escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The column matches a pattern of containsPattern() (given as it is, or as a placeholder of a prepared read). */
export function matches(dialect: Dialect, column: SQLWrapper, pattern: string | Placeholder): SQL {
  return dialect.likeNoCase(column, pattern, '\\');
}

/** The column contains the text; no condition when there is no text. */
export function textContains(dialect: Dialect, column: SQLWrapper, text: string): SQL;
export function textContains(dialect: Dialect, column: SQLWrapper, text: string | undefined): SQL | undefined;
export function textContains(dialect: Dialect, column: SQLWrapper, text: string | undefined): SQL | undefined {
  return text ? like(dialect, column, text) : undefined;
}

/** Any of the columns contains the keyword; no condition when there is no keyword. */
export function keywordIn(dialect: Dialect, columns: readonly SQLWrapper[], keyword: string): SQL;
export function keywordIn(
  dialect: Dialect,
  columns: readonly SQLWrapper[],
  keyword: string | undefined,
): SQL | undefined;
export function keywordIn(
  dialect: Dialect,
  columns: readonly SQLWrapper[],
  keyword: string | undefined,
): SQL | undefined {
  return keyword ? or(...columns.map((column) => like(dialect, column, keyword))) : undefined;
}
