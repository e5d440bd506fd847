import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { DevicePicker as AnyDevicePicker } from '../../../components/device-picker.tsx';

/** A machine the user may change (a SIM card sits in one of its owner's machines). */
export function DevicePicker(props: ComponentProps<typeof AnyDevicePicker>) {
  const { t } = useTranslation('devices');
  return <AnyDevicePicker editableOnly placeholder={t('sims.devicePlaceholder')} {...props} />;
}
