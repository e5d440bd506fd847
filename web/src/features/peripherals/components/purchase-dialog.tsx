import { Button, Form, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ParsedBodyOf } from '@console/contract/http/endpoint';
import { accessoryEndpoints, SALVAGE_MODES, type AssetHost } from '@console/contract/http/accessories';
import { DayField } from '../../../components/picker-fields.tsx';
import { YuanInput } from '../../../components/yuan-input.tsx';
import { RegistryDialog } from '../../../components/registry-page.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { UploadField } from '../../../components/upload-field.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { currencyVariablesOf } from '../../../lib/money.ts';

const money = <YuanInput max={1e9} />;

/** The salvage value as a percentage (the 'device annex residual value 0-100') or as an amount, as chosen. */
function SalvageFields({ currency }: { currency: ReturnType<typeof currencyVariablesOf> }) {
  const { t } = useTranslation('peripherals');
  const mode = Form.useWatch('salvageMode', Form.useFormInstance()) as string | undefined;
  return mode === 'amount' ? (
    <Field
      name="salvageValueCents"
      label={t('accessories.salvageValue', currency)}
      dependencies={['originalValueCents']}
      required
    >
      {money}
    </Field>
  ) : (
    // Not clamped by the input: a value out of range shows the spec's 'device annex residual value 0-100'.
    <Field name="salvageRate" label={t('accessories.salvageRate')} required>
      <InputNumber precision={2} style={{ width: '100%' }} />
    </Field>
  );
}

/** Record or change a host's purchase info, with photos and PDF documents through the upload flow. */
export function PurchaseDialog({ host }: { host: AssetHost }) {
  const { t } = useTranslation('peripherals');
  // Silent: the form shows a refusal on its field. The hosts' list shows the purchase.
  const save = useEndpointMutation(accessoryEndpoints.savePurchase, {
    invalidates: [accessoryEndpoints.hosts],
    silent: true,
  });
  const schema = accessoryEndpoints.savePurchase.body;
  // The values are in the host's owner's currency (decision 064).
  const currency = currencyVariablesOf(host.money);
  const submit = (body: ParsedBodyOf<typeof accessoryEndpoints.savePurchase>) => save.mutateAsync({ body });
  const form = {
    fields: () => (
      <>
        <Field name="originalValueCents" label={t('accessories.originalValue', currency)}>
          {money}
        </Field>
        <Field name="salvageMode" label={t('accessories.salvageMode')}>
          <Radio.Group
            options={SALVAGE_MODES.map((value) => ({ value, label: t(`accessories.modes.${value}`) }))}
            optionType="button"
          />
        </Field>
        <SalvageFields currency={currency} />
        <Field name="purchasedAt" label={t('accessories.purchasedAt')}>
          <DayField />
        </Field>
        <Field name="photos" label={t('accessories.photos')}>
          <UploadField kind="photo" max={10} />
        </Field>
        <Field name="documents" label={t('accessories.documents')}>
          <UploadField kind="pdf" max={10} />
        </Field>
      </>
    ),
    create: { title: '', schema, submit },
    update: {
      title: () => t('accessories.purchaseTitle', { serial: host.serialNumber }),
      schema,
      submit,
      initialValues: () => ({
        deviceId: host.deviceId,
        salvageMode: 'percentage' as const,
        photos: [],
        documents: [],
        ...host.purchase,
        salvageRate: host.purchase?.salvageRate ?? undefined,
      }),
    },
    width: 640,
  };
  return (
    <RegistryDialog form={form} row={host} trigger={<Button type="link">{t('accessories.editPurchase')}</Button>} />
  );
}
