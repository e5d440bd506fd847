import { InputNumber, type InputNumberProps } from 'antd';

/** Cents as currency units with two decimals, and back (rounded: the input holds at most two decimals). */
const toYuan = (cents: number | null | undefined) => (typeof cents === 'number' ? cents / 100 : null);
const toCents = (yuan: number | string | null) => (typeof yuan === 'number' ? Math.round(yuan * 100) : null);

/**
 * An amount of money in a form: typed and read in the brand's currency with two decimals (its label names the
 * currency, decision 064), held in integer cents as the server takes it (money is cents end to end). Form.Item hands
 * `value` and `onChange`; `max` is in currency units.
 */
export function YuanInput({
  value,
  onChange,
  ...rest
}: Omit<InputNumberProps<number>, 'value' | 'onChange' | 'precision'> & {
  value?: number | null;
  onChange?: (cents: number | null) => void;
}) {
  return (
    <InputNumber<number>
      style={{ width: '100%' }}
      min={0}
      max={100_000_000}
      step={100}
      {...rest}
      precision={2}
      value={toYuan(value)}
      onChange={(yuan) => onChange?.(toCents(yuan))}
    />
  );
}
