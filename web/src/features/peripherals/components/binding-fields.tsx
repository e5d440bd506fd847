import { useTranslation } from 'react-i18next';
import { DayField } from '../../../components/picker-fields.tsx';
import { DevicePicker } from '../../../components/device-picker.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { SimCardPicker } from './sim-card-picker.tsx';

interface Bound {
  deviceId: number | null;
  deviceSerial: string;
  simCardId: number | null;
  iccid: string;
  simImei: string;
}

/** The host, SIM card and install day a controller or GPS gateway is bound to. */
export function BindingFields({ row }: { row?: Bound }) {
  const { t } = useTranslation('peripherals');
  return (
    <>
      <Field name="deviceId" label={t('common.device')}>
        <DevicePicker
          editableOnly
          placeholder={t('common.devicePlaceholder')}
          current={row?.deviceId ? { id: row.deviceId, serialNumber: row.deviceSerial } : null}
        />
      </Field>
      <Field name="simCardId" label={t('common.simCard')}>
        <SimCardPicker current={row?.simCardId ? { id: row.simCardId, iccid: row.iccid, imei: row.simImei } : null} />
      </Field>
      <Field name="installedAt" label={t('common.installedAt')}>
        <DayField />
      </Field>
    </>
  );
}
