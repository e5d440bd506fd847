import type { MouseEvent, ReactElement } from 'react';
import { App, Input, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SIM_CARRIER } from '@console/contract/codes/sim-cards';
import { simCardEndpoints, type SimCard } from '@console/contract/http/sim-cards';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { DayField } from './day-field.tsx';
import { DevicePicker } from './device-picker.tsx';

export const simCardsKey = ['devices', 'simCards'] as const;

/** A SIM card: ICCID and IMEI ('enter IMEI/CCID', 'enter correct card number'), carrier, expiry, machine. */
export function SimCardDialog({
  card,
  trigger,
}: {
  card?: SimCard;
  trigger: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
}) {
  const { t } = useTranslation(['devices', 'common']);
  const label = useCodeLabel();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const fields = (
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
  );
  const done = () => {
    void message.success(t('common:saved'));
    void queryClient.invalidateQueries({ queryKey: simCardsKey });
  };
  return card ? (
    <FormDialog
      title={t('sims.editTitle', { iccid: card.iccid })}
      trigger={trigger}
      schema={simCardEndpoints.update.body}
      initialValues={{ ...card, deviceId: card.deviceId }}
      onSubmit={(body) => callApi(simCardEndpoints.update, { body }, { silent: true })}
      onSuccess={done}
    >
      {fields}
    </FormDialog>
  ) : (
    <FormDialog
      title={t('sims.addTitle')}
      trigger={trigger}
      schema={simCardEndpoints.create.body}
      onSubmit={(body) => callApi(simCardEndpoints.create, { body }, { silent: true })}
      onSuccess={done}
    >
      {fields}
    </FormDialog>
  );
}
