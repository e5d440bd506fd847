import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { DayField as AnyDayField } from '../../../components/picker-fields.tsx';

/** A calendar day with the device area's placeholder. */
export function DayField(props: ComponentProps<typeof AnyDayField>) {
  const { t } = useTranslation('devices');
  return <AnyDayField placeholder={t('placeholders.date')} {...props} />;
}
