import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/**
 * A calendar day as the contract carries it (`YYYY-MM-DD`, '' for none), picked with a date picker; the
 * server reads it in the user's time zone. Without a `placeholder` antd's localised one shows.
 */
export function DayField({
  value,
  onChange,
  disabled,
  id,
  placeholder,
}: {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
}) {
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      format="YYYY-MM-DD"
      placeholder={placeholder}
      value={value ? dayjs(value, 'YYYY-MM-DD') : null}
      onChange={(day) => onChange?.(day ? day.format('YYYY-MM-DD') : '')}
      disabled={disabled}
    />
  );
}
