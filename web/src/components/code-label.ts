import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeTable } from '@console/contract/codes/code-table';

/**
 * Labels of the contract's code tables (contract/codes), from the `codes` catalog.
 *
 *   const label = useCodeLabel();
 *   label(ROLE_CODE, row.roleId)        // 'Rental-company administrator'
 *   codeOptions(label, ROLE_CODE)       // [{ value: '5', label: '...' }, ...] for a Select
 */
export type CodeLabel = (table: CodeTable, value: unknown) => string;

export function useCodeLabel(): CodeLabel {
  const { t } = useTranslation('codes');
  // The same function while the language is: what is built from it (an area's fields, a list's columns) is kept.
  return useCallback<CodeLabel>(
    (table, value) => {
      const code = table.get(value);
      // A value outside the table is shown as it is rather than as a raw key.
      return code ? t(code.key as never) : value === null || value === undefined ? '' : String(value);
    },
    [t],
  );
}

/** Select options for a code table. Values are text, as they travel in the URL of a filtered list. */
export function codeOptions(label: CodeLabel, table: CodeTable, only?: readonly (string | number)[]) {
  return table.codes
    .filter((code) => !only || only.includes(code.value))
    .map((code) => ({ value: String(code.value), label: label(table, code.value) }));
}

/** The same with the codes as numbers, for a form field that holds a numeric code itself (not a URL filter). */
export function numericCodeOptions(label: CodeLabel, table: CodeTable, only?: readonly (string | number)[]) {
  return codeOptions(label, table, only).map((option) => ({ ...option, value: Number(option.value) }));
}
