import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DAY_FORMAT, dayText } from '../lib/days.ts';

/** A date or a time as the contract carries it: a string in the picker's format, '' for none. */
export interface PickerFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
  /** Without one antd's localised placeholder shows. */
  placeholder?: string;
}

function pickerProps({ value, onChange, disabled, id, placeholder }: PickerFieldProps, format: string) {
  return {
    id,
    style: { width: '100%' },
    format,
    placeholder,
    disabled,
    value: value ? dayjs(value, format) : null,
    onChange: (picked: Dayjs | null) => onChange?.(picked ? picked.format(format) : ''),
  };
}

/**
 * A calendar day (`YYYY-MM-DD`, lib/days.ts), written yyyy-MM-dd in every language (a browser's own date input would
 * follow the browser's locale: mm/dd/yyyy in a Chinese console). `min` and `max` bound the days offered.
 */
export function DayField({ min, max, ...props }: PickerFieldProps & { min?: string; max?: string }) {
  return (
    <DatePicker
      {...pickerProps(props, DAY_FORMAT)}
      disabledDate={min || max ? (d) => (!!min && dayText(d) < min) || (!!max && dayText(d) > max) : undefined}
    />
  );
}

/** A time of day (`HH:mm`). */
export function TimeField(props: PickerFieldProps) {
  return <TimePicker needConfirm={false} {...pickerProps(props, 'HH:mm')} />;
}

/** A moment as the instant the server stores (ms since the epoch), picked to the minute in the browser's zone. */
export function InstantField({
  value,
  onChange,
  disabled,
  id,
  placeholder,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
}) {
  return (
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      style={{ width: '100%' }}
      disabled={disabled}
      placeholder={placeholder}
      value={value ? dayjs(value) : null}
      onChange={(picked) => onChange?.(picked ? picked.startOf('minute').valueOf() : null)}
    />
  );
}
