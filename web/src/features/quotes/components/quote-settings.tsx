import { Button, InputNumber, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { quoteEndpoints as api } from '@console/contract/http/quotes';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { QUOTE_READS } from '../api.ts';

/**
 * The discount limit: the administrator sets it (in percent, kept in basis points); the others read what it is.
 */
export function QuoteSettings() {
  const { t } = useTranslation('quotes');
  const settings = useQuery(endpointQuery(api.settings));
  const save = useEndpointMutation(api.saveSettings, { invalidates: QUOTE_READS, silent: true });
  if (!settings.data) return null;
  const limit = settings.data.maxDiscountBp / 100;
  if (!settings.data.editable)
    return <Typography.Text type="secondary">{t('settings.readOnly', { limit })}</Typography.Text>;
  return (
    <FormDialog
      title={t('settings.title')}
      trigger={<Button icon={<SettingOutlined />}>{t('settings.button')}</Button>}
      schema={api.saveSettings.body}
      initialValues={{ maxDiscountBp: settings.data.maxDiscountBp }}
      successMessage={t('settings.title')}
      onSubmit={(body) => save.mutateAsync({ body })}
    >
      <Field name="maxDiscountBp" label={t('settings.maxDiscount')} extra={t('settings.help')} required>
        <PercentInput />
      </Field>
    </FormDialog>
  );
}

/** Basis points shown and typed as a percentage with one decimal. */
function PercentInput(props: { id?: string; value?: number; onChange?: (bp: number) => void }) {
  return (
    <InputNumber
      id={props.id}
      min={0}
      max={99}
      step={0.5}
      precision={1}
      value={props.value === undefined ? undefined : props.value / 100}
      onChange={(v) => props.onChange?.(Math.round((v ?? 0) * 100))}
      data-testid="max-discount"
    />
  );
}
