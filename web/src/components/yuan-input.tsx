import { InputNumber } from 'antd';

/** An amount typed in yuan and held in integer cents (money is cents on the wire). */
export function YuanInput({
  value,
  onChange,
  id,
  placeholder,
}: {
  value?: number | null;
  onChange?: (cents: number | null) => void;
  id?: string;
  placeholder?: string;
}) {
  return (
    <InputNumber<number>
      id={id}
      style={{ width: '100%' }}
      min={0}
      max={100_000_000}
      precision={2}
      step={100}
      placeholder={placeholder}
      value={value === null || value === undefined ? null : value / 100}
      onChange={(yuan) => onChange?.(yuan === null ? null : Math.round(yuan * 100))}
    />
  );
}
