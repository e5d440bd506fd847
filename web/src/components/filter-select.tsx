import { Select, type SelectProps } from 'antd';

/**
 * A list filter's choice (ListPage's `filters`): clearable, searchable by its labels, `width` pixels wide. Its
 * values are text, as they travel in the list's URL (codeOptions gives a code table's).
 */
export function FilterSelect({
  width = 160,
  ...props
}: Omit<SelectProps<string>, 'style' | 'allowClear' | 'showSearch'> & { width?: number }) {
  return <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width }} {...props} />;
}
