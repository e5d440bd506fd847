import { and, eq, inArray } from 'drizzle-orm';
import type { ScopedData } from '../../lib/data.ts';
import { virtualHosts } from '@console/db/schema/peripherals';
import { API_STATUS } from '@console/contract/http/envelope';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_UNPACKED_BYTES,
  INSTALLATION_TYPES,
  POWER_SOURCES,
  virtualHostForm,
  type ImportColumn,
  type ImportError,
} from '@console/contract/http/virtual-hosts';
import { isMessageKey, translate, type Lang } from '@console/contract/messages/translate';
import type { MessageKey } from '@console/contract/messages/zh-CN';
import { ApiError, invalidField } from '../../lib/errors.ts';
import { readSpreadsheet, type Cell } from './spreadsheet.ts';

const LANGS: Lang[] = ['zh_CN', 'en_US'];
const REQUIRED: ImportColumn[] = [
  'hostNumber',
  'installationType',
  'brand',
  'platformHeight',
  'powerSource',
  'equipmentHeight',
];
const columnKey = (column: ImportColumn) => `virtualHosts.column.${column}` as MessageKey;
const normal = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/** Words accepted for a coded column: the code and its label in either language. */
function vocabulary(prefix: string, codes: readonly (string | number)[]): Map<string, string | number> {
  const words = new Map<string, string | number>();
  for (const code of codes) {
    words.set(normal(String(code)), code);
    for (const lang of LANGS) words.set(normal(translate(lang, `${prefix}.${code}`)), code);
  }
  return words;
}
const CODED: Partial<Record<ImportColumn, Map<string, string | number>>> = {
  installationType: vocabulary('virtualHosts.installationType', INSTALLATION_TYPES),
  powerSource: vocabulary('virtualHosts.powerSource', POWER_SOURCES),
  leaseStatus: vocabulary('virtualHosts.leaseStatus', [1, 2]),
};
const NUMERIC: ImportColumn[] = ['platformHeight', 'equipmentHeight'];

/** The template: headers in the user's language and one example row, so a filled-in copy imports as it is. */
export function importTemplate(lang: Lang) {
  return {
    headers: IMPORT_COLUMNS.map((c) => translate(lang, columnKey(c))),
    example: [
      'VH-0001',
      translate(lang, 'virtualHosts.installationType.factory'),
      'Sinoboom',
      '12',
      translate(lang, 'virtualHosts.powerSource.electric'),
      '14',
      '',
      translate(lang, 'virtualHosts.leaseStatus.1'),
    ],
  };
}

/** Which file column holds each field: a header is a column's name in either language or its field name. */
function mapHeaders(header: Cell[]): Map<ImportColumn, number> {
  const found = new Map<ImportColumn, number>();
  header.forEach((cell, index) => {
    const text = normal(String(cell ?? ''));
    const column = IMPORT_COLUMNS.find(
      (c) => normal(c) === text || LANGS.some((lang) => normal(translate(lang, columnKey(c))) === text),
    );
    if (column && !found.has(column)) found.set(column, index);
  });
  return found;
}

/** A row's cells as the form's input, or the problem of a cell the form could not even be given. */
function rowInput(cells: Cell[], columns: Map<ImportColumn, number>) {
  const input: Record<string, unknown> = {};
  const unreadable: ImportColumn[] = [];
  for (const [column, index] of columns) {
    const cell = cells[index];
    const text = cell === null || cell === undefined ? '' : String(cell).trim();
    if (text === '') continue;
    const words = CODED[column];
    if (words) {
      const code = words.get(normal(text));
      if (code === undefined) unreadable.push(column);
      else input[column] = code;
    } else if (NUMERIC.includes(column)) {
      const value = typeof cell === 'number' ? cell : Number(text);
      if (Number.isFinite(value)) input[column] = value;
      else unreadable.push(column);
    } else input[column] = text;
  }
  return { input, unreadable };
}

/**
 * Check every row of the file and import them all, or none (one transaction, only when no row has an error).
 * Errors name the file's line and the column in the user's language.
 */
export async function importVirtualHosts(scoped: ScopedData, orgId: number, file: File, lang: Lang, now: number) {
  if (file.size > IMPORT_MAX_BYTES) throw invalidField('file', 'virtualHosts.importTooLarge');
  const rows = await readSpreadsheet(new Uint8Array(await file.arrayBuffer()), IMPORT_MAX_UNPACKED_BYTES);
  if (!rows) throw invalidField('file', 'virtualHosts.importFileType');
  if (rows === 'tooLarge') {
    throw new ApiError(
      API_STATUS.invalid,
      'virtualHosts.importUnpackedTooLarge',
      { max: `${IMPORT_MAX_UNPACKED_BYTES / 1024 / 1024}M`, rows: IMPORT_MAX_ROWS },
      { field: 'file', issues: [{ path: 'file', message: 'virtualHosts.importUnpackedTooLarge' }] },
    );
  }
  const [header = [], ...body] = rows;
  const data = body
    .map((cells, i) => ({ line: i + 2, cells }))
    .filter((r) => r.cells.some((c) => c !== null && String(c).trim() !== ''));
  if (data.length === 0) throw invalidField('file', 'virtualHosts.importEmpty');
  if (data.length > IMPORT_MAX_ROWS) {
    throw new ApiError(
      API_STATUS.invalid,
      'virtualHosts.importTooMany',
      { max: IMPORT_MAX_ROWS },
      { field: 'file', issues: [{ path: 'file', message: 'virtualHosts.importTooMany' }] },
    );
  }

  const columnName = (column: ImportColumn) => translate(lang, columnKey(column));
  const columns = mapHeaders(header);
  const missing = REQUIRED.filter((c) => !columns.has(c));
  if (missing.length) {
    const errors: ImportError[] = missing.map((c) => ({
      row: 1,
      column: columnName(c),
      message: translate(lang, 'virtualHosts.importMissingColumn', { column: columnName(c) }),
    }));
    return { total: data.length, imported: 0, errors };
  }

  const errors: ImportError[] = [];
  const valid: { line: number; values: ReturnType<typeof virtualHostForm.parse> }[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { line, cells } of data) {
    const { input, unreadable } = rowInput(cells, columns);
    const rowErrors: ImportError[] = unreadable.map((c) => ({
      row: line,
      column: columnName(c),
      message: translate(lang, 'virtualHosts.importValue'),
    }));
    const parsed = virtualHostForm.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? '') as ImportColumn;
        if (unreadable.includes(column)) continue;
        rowErrors.push({
          row: line,
          column: IMPORT_COLUMNS.includes(column) ? columnName(column) : '',
          message: translate(lang, isMessageKey(issue.message) ? issue.message : 'validation.invalid'),
        });
      }
    }
    const number = typeof input.hostNumber === 'string' ? input.hostNumber : '';
    const earlier = firstLineOf.get(number);
    if (number && earlier !== undefined) {
      rowErrors.push({
        row: line,
        column: columnName('hostNumber'),
        message: translate(lang, 'virtualHosts.importDuplicate', { row: earlier }),
      });
    } else if (number) firstLineOf.set(number, line);
    if (rowErrors.length) errors.push(...rowErrors);
    else if (parsed.success) valid.push({ line, values: parsed.data });
  }

  // Numbers the company already has (checked in chunks: SQLite limits the parameters of one statement).
  const numbers = valid.map((v) => v.values.hostNumber);
  const taken = new Set<string>();
  for (let i = 0; i < numbers.length; i += 500) {
    (
      await scoped
        .select({ n: virtualHosts.hostNumber })
        .from(virtualHosts, scoped.orgScope(virtualHosts.orgId))
        .where(and(eq(virtualHosts.orgId, orgId), inArray(virtualHosts.hostNumber, numbers.slice(i, i + 500))))
        .all()
    ).forEach((r) => taken.add(r.n));
  }
  for (const v of valid) {
    if (taken.has(v.values.hostNumber)) {
      errors.push({
        row: v.line,
        column: columnName('hostNumber'),
        message: translate(lang, 'virtualHosts.numberTaken'),
      });
    }
  }
  errors.sort((a, b) => a.row - b.row);
  if (errors.length) return { total: data.length, imported: 0, errors };

  await scoped.write(async (tx) => {
    for (let i = 0; i < valid.length; i += 200) {
      await tx
        .insert(virtualHosts)
        .values(valid.slice(i, i + 200).map((v) => ({ ...v.values, orgId, createdAt: new Date(now) })))
        .run();
    }
  });
  return { total: data.length, imported: valid.length, errors: [] };
}
