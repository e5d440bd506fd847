import { Fragment, useMemo, type ReactNode } from 'react';
import { Input, Radio, Select, Space, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { CodeTable } from '@console/contract/codes/code-table';
import { codeOptions, numericCodeOptions, useCodeLabel, type CodeLabel } from './code-label.ts';
import type { CsvCell } from './csv.ts';
import { codeColumnWidth } from './field-width.ts';
import { FilterSelect } from './filter-select.tsx';
import type { ListColumn, ListFilter } from './list-page.tsx';
import { Field, useFormSchema } from './schema-form.tsx';
import { schemaMaxLength } from './schema-limits.ts';
import { StatusBadge } from './status-badge.tsx';
import { formatAmount, type MoneyFormat } from '@console/contract/codes/money';
import { csvAmount, currencyVariablesOf, figureText, recordAmountText } from '../lib/money.ts';

/**
 * One declaration of each field of an area: its label, how it is shown, sorted, filtered, exported, linked and
 * edited. The list's columns, its filters, the CSV export, a record's descriptions and a form's items all derive
 * from it; a page names the fields it shows, in its order (ant-design-pro's `columns` + `valueEnum`, as a table).
 * A form item is validated by the form's schema, the contract's zod schema the server validates with too.
 *
 *   // features/cases/fields.tsx
 *   export const useCaseFields = defineFields<CaseRow>()('cases', {
 *     title: { label: 'caseTitle', sortable: true, href: (row) => href(caseScreens.detail, { id: row.id }), form: true },
 *     machineKind: { label: 'machineKind', kind: 'code', table: MACHINE_KIND, sortable: true, filter: true, form: true },
 *     keyword: { label: 'keyword', filter: { placeholder: 'keywordPlaceholder', maxLength: 50 } },
 *   });
 *   // a page
 *   const fields = useCaseFields();
 *   fields.columns(['title', 'machineKind'], { title: { fixed: 'left' } });
 *   fields.filters(['machineKind', 'keyword']);
 *   <Descriptions items={fields.descriptions(row, ['machineKind'])} />
 *   <FormDialog ...>{fields.formItems(['title', 'machineKind'])}</FormDialog>
 */
export type FieldKind =
  /** Text as it is; empty shows '-'. */
  | 'text'
  /** Text of several lines: kept as written in descriptions, a text area in forms, cut short in lists. */
  | 'long'
  /** A code of `table`: a badge in cells, its label in CSV, a choice of the table's labels as filter and input. */
  | 'code'
  /** Several codes of `table`, as badges side by side. */
  | 'codes'
  /** A calendar day (`YYYY-MM-DD`), a moment (`YYYY-MM-DD HH:mm:ss`): as the server formats them. */
  | 'day'
  | 'moment'
  /** Integer cents, shown in the brand's currency with its grouping and decimals (lib/money.ts). */
  | 'money'
  /** A number, with `unit` (a label key) after it. */
  | 'number';

/** What a field's functions get: the area's translation and the code labels. */
export interface FieldContext {
  /** The area's texts (`ns:key` for another catalog's). */
  t: (key: string, options?: Record<string, unknown>) => string;
  label: CodeLabel;
}

type Option = { value: string; label: string };

export interface FilterSpec {
  /** The query parameter (default the field's key). */
  name?: string;
  /** A label key other than the field's. */
  label?: string;
  /** Placeholder key. */
  placeholder?: string;
  width?: number;
  maxLength?: number;
  /** Choices other than the code table's (text values, as the URL holds them), e.g. from a query. */
  options?: (ctx: FieldContext) => Option[];
  /** Only these codes of the table. */
  only?: readonly (string | number)[];
  /** An input of its own. */
  input?: (ctx: FieldContext) => ReactNode;
}

export interface FormSpec<Row> {
  /** The body's field (default the field's key). */
  name?: string;
  /** A label key other than the field's. */
  label?: string;
  /** An input of its own, given the record being edited (none when creating). */
  input?: (ctx: FieldContext, row?: Row) => ReactNode;
  /** Code choices as numbers: the body holds the numeric code itself. */
  numeric?: boolean;
  /** Code choices as radio buttons (the codes' own values). */
  radio?: boolean;
  only?: readonly (string | number)[];
  /** Shown but not to be changed (a choice the person may not make). */
  disabled?: boolean;
  /** Lines of a text area (a `long` field has 3 unless told). */
  rows?: number;
  maxLength?: number;
  /** The keyboard a phone shows (`numeric` for digits). */
  inputMode?: 'numeric' | 'text';
  extra?: string;
  /** Other fields whose change validates this one again (a value that only applies to one of their choices). */
  dependencies?: string[];
  /** The input's prop that holds the value (`checked` for a switch or a checkbox). */
  valuePropName?: string;
}

export interface FieldSpec<Row> {
  /** Label key in the area's namespace (`ns:key` for another's). */
  label: string;
  kind?: FieldKind;
  table?: CodeTable;
  /** Number's unit: a label key. */
  unit?: string;
  /** The field's value (default `row[key]`), e.g. a text made of codes' labels. */
  value?: (row: Row, ctx: FieldContext) => unknown;
  /** The cell links there (a screen's `href`); no link when it answers nothing. */
  href?: (row: Row) => string | null | undefined;
  /** A cell of its own (lists and descriptions), e.g. a badge beside the value. */
  cell?: (row: Row, ctx: FieldContext) => ReactNode;
  /** The CSV cell (default the shown text: the code's label, the value). */
  exportValue?: (row: Row, ctx: FieldContext) => CsvCell;
  sortable?: boolean;
  defaultHidden?: boolean;
  /** Not in the CSV (a picture). */
  noExport?: boolean;
  /** Column width; `ellipsis` cuts long text in the list. */
  width?: number;
  ellipsis?: boolean;
  /** Text length, for the text filter and input. */
  maxLength?: number;
  filter?: true | FilterSpec;
  form?: true | FormSpec<Row>;
}

export type FieldSpecs<Row> = Record<string, FieldSpec<Row>>;

const EMPTY = '-';
const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

const keyOf = (label: string, ns: string) => (label.includes(':') ? label : `${ns}:${label}`);

/** The label of the column naming each row's currency (`currency: { label: CURRENCY_LABEL, ... }`). */
export const CURRENCY_LABEL = 'common:currency';

/** Stands in for the currency while a label is written without it: the generic currency sign, in no label. */
const NO_CURRENCY = '¤';

/**
 * A money label without the currency it names ("Amount (AUD)" → "Amount", "金额（元）" → "金额"): the title over
 * amounts of several currencies, each named beside it. Labels name a currency only through `{{currency}}` and
 * `{{currencyUnit}}` (decision 064), in brackets after the title.
 */
export function withoutCurrency(t: FieldContext['t'], label: string): string {
  return t(label, { currency: NO_CURRENCY, currencyUnit: NO_CURRENCY })
    .replace(/\s*[(（]¤[)）]/g, '')
    .replaceAll(NO_CURRENCY, '')
    .trim();
}

export interface Fields<Row, K extends string> {
  /** The label of a field, translated. */
  title: (key: K) => string;
  /** A field's cell (as the list and the descriptions show it) and its text (as the CSV holds it). */
  cell: (key: K, row: Row) => ReactNode;
  text: (key: K, row: Row) => CsvCell;
  columns: (keys: readonly K[], overrides?: Partial<Record<K, Partial<ListColumn<Row>>>>) => ListColumn<Row>[];
  filters: (keys: readonly K[], overrides?: Partial<Record<K, Partial<FilterSpec>>>) => ListFilter[];
  descriptions: (
    row: Row,
    keys: readonly K[],
    overrides?: Partial<Record<K, Partial<NonNullable<DescriptionsProps['items']>[number]>>>,
  ) => NonNullable<DescriptionsProps['items']>;
  /** `wrap` lays each item out (a grid column). */
  formItems: (
    keys: readonly K[],
    options?: {
      row?: Row;
      overrides?: Partial<Record<K, FormSpec<Row>>>;
      wrap?: (item: ReactNode, key: K) => ReactNode;
    },
  ) => ReactNode;
}

/**
 * An area's fields: `defineFields<Row>()(namespace, specs)` answers the hook its pages call. The row type comes
 * first on its own so that the keys are inferred from the specs.
 */
export function defineFields<Row>() {
  return <const S extends FieldSpecs<Row>>(ns: string, specs: S) => {
    type K = Extract<keyof S, string>;
    const fieldsOf = (translate: TFunction, label: CodeLabel): Fields<Row, K> => {
      const t = (key: string, options?: Record<string, unknown>) =>
        String(translate(keyOf(key, ns) as never, options as never));
      const ctx: FieldContext = { t, label };
      const tr = (key: string) => t(key);
      const spec = (key: K): FieldSpec<Row> => specs[key];
      const valueOf = (key: K, row: Row) => {
        const s = spec(key);
        return s.value ? s.value(row, ctx) : (row as Record<string, unknown>)[key];
      };

      const text = (key: K, row: Row): CsvCell => {
        const s = spec(key);
        if (s.exportValue) return s.exportValue(row, ctx);
        const value = valueOf(key, row);
        if (isEmpty(value)) return '';
        switch (s.kind) {
          case 'code':
            return label(s.table!, value);
          case 'codes':
            return (value as unknown[]).map((v) => label(s.table!, v)).join(', ');
          case 'money':
            return csvAmount(value as number);
          default:
            return value as CsvCell;
        }
      };

      const plain = (key: K, row: Row): ReactNode => {
        const s = spec(key);
        const value = valueOf(key, row);
        if (s.kind === 'code') return isEmpty(value) ? EMPTY : <StatusBadge table={s.table!} value={value} />;
        if (s.kind === 'codes')
          return (
            <Space size={[0, 4]} wrap>
              {((value as unknown[] | null) ?? []).map((v) => (
                <StatusBadge key={String(v)} table={s.table!} value={v} />
              ))}
            </Space>
          );
        if (isEmpty(value)) return EMPTY;
        // A row keeping its own money (another brand's company on the operator's console) names its currency.
        if (s.kind === 'money') return recordAmountText(value as number, (row as { money?: MoneyFormat }).money);
        // The unit agrees with the number ("1 day", "2 days"), written as the figure cards write it.
        if (s.kind === 'number' && s.unit && typeof value === 'number')
          return figureText(value, t(s.unit, { count: value }));
        if (s.kind === 'number' && s.unit) return `${String(value)} ${tr(s.unit)}`;
        return String(value);
      };

      const cell = (key: K, row: Row): ReactNode => {
        const s = spec(key);
        if (s.cell) return s.cell(row, ctx);
        const shown = plain(key, row);
        const to = s.href?.(row);
        return to && shown !== EMPTY ? <Link to={to}>{shown}</Link> : shown;
      };

      const columns: Fields<Row, K>['columns'] = (keys, overrides = {}) => {
        // Rows naming their currency in a column of their own (records of companies of several brands): the CSV's
        // amounts are each in the currency beside them, so its titles name none (decision 064).
        const perRowCurrency = keys.some((key) => key === 'currency' || spec(key).label === CURRENCY_LABEL);
        return keys.map((key) => {
          const s = spec(key);
          const coded = s.kind === 'code' || s.kind === 'codes';
          const column: ListColumn<Row> = {
            key,
            title: tr(s.label),
            exportTitle: perRowCurrency ? withoutCurrency(t, s.label) : undefined,
            dataIndex: s.value ? undefined : key,
            sorter: s.sortable || undefined,
            defaultHidden: s.defaultHidden,
            noExport: s.noExport,
            exportValue: (row) => text(key, row),
            render: (_: unknown, row: Row) =>
              s.kind === 'long' && !s.cell ? (
                <Typography.Text ellipsis style={{ maxWidth: s.width ?? 280 }}>
                  {valueOf(key, row) as string}
                </Typography.Text>
              ) : (
                cell(key, row)
              ),
          };
          // A code is what a user scans a list for: its column fits its longest label in the language shown and
          // its badges never wrap or get cut (decision 031).
          // A cell of its own (a badge beside others) sizes itself, unwrapped.
          const labels = () => s.table!.values.map((v) => label(s.table!, v));
          if (s.kind === 'code' && s.table) {
            column.width = s.width ?? (s.cell ? undefined : codeColumnWidth(tr(s.label), labels()));
            column.onCell = () => ({ style: { whiteSpace: 'nowrap' } });
          } else if (s.width && !coded) column.width = s.width;
          if (s.ellipsis) column.ellipsis = true;
          return { ...column, ...overrides[key] };
        });
      };

      const filterInput = (s: FieldSpec<Row>, f: FilterSpec): ReactNode => {
        if (f.input) return f.input(ctx);
        const placeholder = f.placeholder ? tr(f.placeholder) : undefined;
        if (f.options || (s.table && (s.kind === 'code' || s.kind === 'codes')))
          return (
            <FilterSelect
              width={f.width}
              placeholder={placeholder}
              options={f.options ? f.options(ctx) : codeOptions(label, s.table!, f.only)}
            />
          );
        return (
          <Input
            allowClear
            maxLength={f.maxLength ?? s.maxLength}
            placeholder={placeholder}
            style={f.width ? { width: f.width } : undefined}
          />
        );
      };

      const filters: Fields<Row, K>['filters'] = (keys, overrides = {}) =>
        keys.map((key) => {
          const s = spec(key);
          const f = { ...(s.filter === true || !s.filter ? {} : s.filter), ...overrides[key] };
          return { name: f.name ?? key, label: tr(f.label ?? s.label), input: filterInput(s, f) };
        });

      const descriptions: Fields<Row, K>['descriptions'] = (row, keys, overrides = {}) =>
        keys.map((key) => {
          const s = spec(key);
          // One record keeping its own money: its labels name its currency, its amounts read in it (decision 064).
          const money = (row as { money?: MoneyFormat }).money;
          const value = valueOf(key, row);
          const children =
            money && s.kind === 'money' && !s.cell && !isEmpty(value) ? (
              formatAmount(value as number, money)
            ) : s.kind === 'long' && !s.cell ? (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {isEmpty(valueOf(key, row)) ? EMPTY : String(valueOf(key, row))}
              </Typography.Paragraph>
            ) : (
              cell(key, row)
            );
          const label = money ? t(s.label, currencyVariablesOf(money)) : tr(s.label);
          return { key, label, children, ...overrides[key] };
        });

      const formInput = (key: K, s: FieldSpec<Row>, f: FormSpec<Row>, row?: Row): ReactNode => {
        if (f.input) return f.input(ctx, row);
        if (s.table && s.kind === 'code' && f.radio)
          return (
            <Radio.Group
              options={s.table.codes
                .filter((code) => !f.only || f.only.includes(code.value))
                .map((code) => ({ value: code.value, label: label(s.table!, code.value) }))}
            />
          );
        if (s.table && (s.kind === 'code' || s.kind === 'codes'))
          return (
            <Select<unknown>
              mode={s.kind === 'codes' ? 'multiple' : undefined}
              disabled={f.disabled}
              options={f.numeric ? numericCodeOptions(label, s.table, f.only) : codeOptions(label, s.table, f.only)}
            />
          );
        return (
          <TextInput
            name={f.name ?? key}
            rows={f.rows ?? (s.kind === 'long' ? 3 : undefined)}
            maxLength={f.maxLength}
          />
        );
      };

      const formItems: Fields<Row, K>['formItems'] = (keys, { row, overrides, wrap } = {}) =>
        keys.map((key) => {
          const s = spec(key);
          const f = { ...(s.form === true || !s.form ? {} : s.form), ...overrides?.[key] };
          const item = (
            <Field
              key={key}
              name={f.name ?? key}
              label={tr(f.label ?? s.label)}
              extra={f.extra && tr(f.extra)}
              dependencies={f.dependencies}
              valuePropName={f.valuePropName}
            >
              {formInput(key, s, f, row)}
            </Field>
          );
          return wrap ? <Fragment key={key}>{wrap(item, key)}</Fragment> : item;
        });

      return { title: (key) => tr(spec(key).label), cell, text, columns, filters, descriptions, formItems };
    };
    return function useFields(): Fields<Row, K> {
      const { t: translate } = useTranslation();
      const label = useCodeLabel();
      // Built once per language, not on every render: a list's columns made from them stay the same while the page
      // renders for other reasons, and its table is not drawn again (components/list-page.tsx).
      return useMemo(() => fieldsOf(translate, label), [translate, label]);
    };
  };
}

/** A text input (a text area with `rows`) as long as the form's schema lets the field be. */
function TextInput({
  name,
  rows,
  maxLength,
  ...rest
}: {
  name: string;
  rows?: number;
  maxLength?: number;
  inputMode?: 'numeric' | 'text';
}) {
  const schema = useFormSchema();
  const max = maxLength ?? schemaMaxLength(schema, name);
  // Form.Item hands value and onChange through `rest`.
  return rows ? <Input.TextArea rows={rows} maxLength={max} {...rest} /> : <Input maxLength={max} {...rest} />;
}
