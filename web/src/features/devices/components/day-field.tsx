import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/**
 * A calendar day as the contract carries it (`YYYY-MM-DD`, '' for none), picked with a date picker; the
 * server reads it in the user's time zone.
 */
export function DayField({
  value,
  onChange,
  disabled,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
}) {
  const { t } = useTranslation('devices');
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      format="YYYY-MM-DD"
      placeholder={t('placeholders.date')}
      value={value ? dayjs(value, 'YYYY-MM-DD') : null}
      onChange={(day) => onChange?.(day ? day.format('YYYY-MM-DD') : '')}
      disabled={disabled}
    />
  );
}
