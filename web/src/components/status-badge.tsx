import { Tag } from 'antd';
import type { CodeTable } from '@console/contract/codes/code-table';
import { useCodeLabel } from './code-label.ts';

/**
 * A coloured tag for a coded value, its label and colour from a contract code table.
 *
 *   <StatusBadge table={DEVICE_STATUS} value={device.status} />
 *   <StatusBadge table={contractStatusTable('other')} value={entry.status} />
 */
export function StatusBadge({ table, value }: { table: CodeTable; value: unknown }) {
  const label = useCodeLabel();
  if (value === null || value === undefined || value === '') return null;
  const code = table.get(value);
  return <Tag color={code?.color ?? 'default'}>{label(table, value)}</Tag>;
}
