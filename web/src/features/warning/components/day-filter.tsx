import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** A day filter of the alarm list: `YYYY-MM-DD` as the URL and the contract carry it, '' for none. */
export function DayFilter({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const { t } = useTranslation('warning');
  return (
    <DatePicker
      id={id}
      format="YYYY-MM-DD"
      placeholder={t('placeholders.date')}
      value={value ? dayjs(value, 'YYYY-MM-DD') : null}
      onChange={(day) => onChange?.(day ? day.format('YYYY-MM-DD') : '')}
    />
  );
}
