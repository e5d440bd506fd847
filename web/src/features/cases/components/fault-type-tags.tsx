import { Space } from 'antd';
import { FAULT_TYPE } from '@console/contract/codes/service';
import { StatusBadge } from '../../../components/status-badge.tsx';

export function FaultTypeTags({ types }: { types: string[] }) {
  return (
    <Space size={[0, 4]} wrap>
      {types.map((type) => (
        <StatusBadge key={type} table={FAULT_TYPE} value={type} />
      ))}
    </Space>
  );
}
