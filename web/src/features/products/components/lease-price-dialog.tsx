import type { ReactElement } from 'react';
import { App, Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BUSINESS_MODEL } from '@console/contract/codes/business-models';
import { requiredPrices } from '@console/contract/codes/lease-pricing';
import type { MoneyFormat } from '@console/contract/codes/money';
import { leasePriceForm, productEndpoints, type LeasePriceRow } from '@console/contract/http/products';
import { numericCodeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { YuanInput } from '../../../components/yuan-input.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { currencyVariablesOf } from '../../../lib/money.ts';
import { PRODUCT_READS } from '../api.ts';

/**
 * The prices a business model shows, as the form asks for them (22 both, 23 and 27 the day, 24 and 25 the month),
 * in `money`: the price list's company's currency (decision 064).
 */
function PriceInputs({ money }: { money?: MoneyFormat }) {
  const { t } = useTranslation('products');
  const currency = currencyVariablesOf(money);
  const model = Form.useWatch<number | undefined>('businessModel');
  const needed = model === undefined ? [] : requiredPrices(model);
  return (
    <>
      {needed.includes('day') && (
        <Field name="dayCents" label={t('lease.dayPrice', currency)}>
          <YuanInput min={0.01} />
        </Field>
      )}
      {needed.includes('month') && (
        <Field name="monthCents" label={t('lease.monthPrice', currency)}>
          <YuanInput min={0.01} />
        </Field>
      )}
    </>
  );
}

/** Set the price of a model under a business model (a new one, or the row's, replaced). */
export function LeasePriceDialog({
  row,
  trigger,
}: {
  row?: LeasePriceRow;
  trigger: ReactElement<{ onClick?: () => void }>;
}) {
  const { t } = useTranslation(['products', 'common']);
  const { message } = App.useApp();
  const label = useCodeLabel();
  const options = useQuery(endpointQuery(productEndpoints.options, {}));
  const save = useEndpointMutation(productEndpoints.saveLeasePrice, { invalidates: PRODUCT_READS, silent: true });
  return (
    <FormDialog
      title={row ? t('lease.editTitle', { model: row.modelName }) : t('lease.addTitle')}
      trigger={trigger}
      schema={leasePriceForm}
      initialValues={
        row
          ? {
              modelId: row.modelId,
              businessModel: row.businessModel as never,
              dayCents: row.dayCents,
              monthCents: row.monthCents,
            }
          : {}
      }
      onSubmit={(body) => save.mutateAsync({ body })}
      onSuccess={() => void message.success(t('common:saved'))}
    >
      <Field name="modelId" label={t('lease.model')}>
        <Select
          disabled={!!row}
          showSearch={{ optionFilterProp: 'label' }}
          options={(options.data?.models ?? []).map((m) => ({ value: m.id, label: m.name }))}
        />
      </Field>
      <Field name="businessModel" label={t('lease.businessModel')}>
        <Select disabled={!!row} options={numericCodeOptions(label, BUSINESS_MODEL)} />
      </Field>
      {/* A price kept is in its company's currency; a new one in the user's company's. */}
      <PriceInputs money={row?.money ?? options.data?.money} />
    </FormDialog>
  );
}
