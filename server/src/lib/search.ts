import { or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The one keyword semantics of every list: the text appears anywhere in the column, ignoring case, with the
 * user's `%`, `_` and `\` matched as themselves. (SQLite's LIKE folds case as its `lower()` does: ASCII letters;
 * a server database would use ILIKE here.)
 */
function like(column: SQLWrapper, text: string): SQL {
  return matches(column, containsPattern(text));
}

/** The LIKE pattern of "contains the text", the user's `%`, `_` and `\` escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The column matches a pattern of containsPattern() (given as it is, or as a placeholder of a prepared read). */
export function matches(column: SQLWrapper, pattern: string | Placeholder): SQL {
  return sql`${column} like ${pattern} escape '\\'`;
}

/** The column contains the text; no condition when there is no text. */
export function textContains(column: SQLWrapper, text: string): SQL;
export function textContains(column: SQLWrapper, text: string | undefined): SQL | undefined;
export function textContains(column: SQLWrapper, text: string | undefined): SQL | undefined {
  return text ? like(column, text) : undefined;
}

/** Any of the columns contains the keyword; no condition when there is no keyword. */
export function keywordIn(columns: readonly SQLWrapper[], keyword: string): SQL;
export function keywordIn(columns: readonly SQLWrapper[], keyword: string | undefined): SQL | undefined;
export function keywordIn(columns: readonly SQLWrapper[], keyword: string | undefined): SQL | undefined {
  return keyword ? or(...columns.map((column) => like(column, keyword))) : undefined;
}
