import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SIM_CARRIER } from '@console/contract/codes/sim-cards';
import { simCardEndpoints, type SimCard } from '@console/contract/http/sim-cards';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { Field } from '../../../components/schema-form.tsx';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { DayField } from './day-field.tsx';
import { DevicePicker } from './device-picker.tsx';

/** A SIM card: ICCID and IMEI ('enter IMEI/CCID', 'enter correct card number'), carrier, expiry, machine. */
export function useSimCardForm() {
  const { t } = useTranslation(['devices', 'common']);
  const label = useCodeLabel();
  return {
    fields: (card?: SimCard) => (
      <>
        <Field name="iccid" label={t('sims.iccid')}>
          <Input maxLength={20} />
        </Field>
        <Field name="imei" label={t('sims.imei')}>
          <Input maxLength={15} inputMode="numeric" />
        </Field>
        <Field name="carrier" label={t('sims.carrier')}>
          <Select options={codeOptions(label, SIM_CARRIER)} />
        </Field>
        <Field name="serviceExpiresAt" label={t('sims.serviceExpiresAt')}>
          <DayField />
        </Field>
        <Field name="deviceId" label={t('sims.device')}>
          <DevicePicker current={card?.deviceId ? { id: card.deviceId, serialNumber: card.serialNumber } : null} />
        </Field>
      </>
    ),
    create: {
      title: t('sims.addTitle'),
      schema: simCardEndpoints.create.body,
      submit: (body) => callApi(simCardEndpoints.create, { body }, { silent: true }),
    },
    update: {
      title: (card) => t('sims.editTitle', { iccid: card.iccid }),
      schema: simCardEndpoints.update.body,
      submit: (body) => callApi(simCardEndpoints.update, { body }, { silent: true }),
      initialValues: (card) => card,
    },
  } satisfies RegistryForm<SimCard, typeof simCardEndpoints.create.body, typeof simCardEndpoints.update.body>;
}
