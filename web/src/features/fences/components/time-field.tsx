import { TimePicker } from 'antd';
import dayjs from 'dayjs';

/** A time of day as the contract carries it (`HH:mm`, '' for none), picked with a time picker. */
export function TimeField({
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
    <TimePicker
      id={id}
      style={{ width: '100%' }}
      format="HH:mm"
      needConfirm={false}
      placeholder={placeholder}
      value={value ? dayjs(value, 'HH:mm') : null}
      onChange={(time) => onChange?.(time ? time.format('HH:mm') : '')}
      disabled={disabled}
    />
  );
}
