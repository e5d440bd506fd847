import { Select } from 'antd';
import type { CodeTable } from '@console/contract/codes/code-table';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';

/** A detail tab's filter over one of a code table's values (all of them when cleared). */
export function CodeFilter<V extends string>({
  table,
  value,
  onChange,
  width,
  label,
  placeholder,
}: {
  table: CodeTable;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  width: number;
  /** What the filter is, for screen readers and tests. */
  label: string;
  placeholder: string;
}) {
  const codeLabel = useCodeLabel();
  return (
    <Select
      size="small"
      allowClear
      style={{ width }}
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(next?: V) => onChange(next)}
      options={codeOptions(codeLabel, table)}
    />
  );
}
