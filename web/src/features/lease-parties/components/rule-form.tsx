import { Checkbox, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { BUSINESS_MODEL } from '@console/contract/codes/business-models';
import { partyEndpoints, type RuleRow } from '@console/contract/http/lease-parties';
import { numericCodeOptions, useCodeLabel } from '../../../components/code-label.ts';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { PARTY_READS } from '../api.ts';
import { YuanInput } from '../../../components/yuan-input.tsx';

/** A rule's conditions: each one left empty does not restrict; at least one is needed. */
function RuleFields() {
  const { t } = useTranslation('lease-parties');
  const label = useCodeLabel();
  return (
    <>
      <Field name="name" label={t('rules.name')}>
        <Input maxLength={100} />
      </Field>
      <Field name="enabled" label={t('rules.enabled')} valuePropName="checked">
        <Switch />
      </Field>
      <Field name="requireVerifiedRenter" valuePropName="checked">
        <Checkbox>{t('rules.requireVerifiedRenter')}</Checkbox>
      </Field>
      <Field name="requireNoArrears" valuePropName="checked">
        <Checkbox>{t('rules.requireNoArrears')}</Checkbox>
      </Field>
      <Field name="maxTotalCents" label={t('rules.maxTotal')} extra={t('rules.emptyHint')}>
        <YuanInput />
      </Field>
      <Field name="maxDays" label={t('rules.maxDays')}>
        <InputNumber<number> style={{ width: '100%' }} min={1} max={3650} precision={0} />
      </Field>
      <Field name="allowedModels" label={t('rules.allowedModels')}>
        <Select mode="multiple" allowClear options={numericCodeOptions(label, BUSINESS_MODEL)} />
      </Field>
    </>
  );
}

const editable = (row: RuleRow) => ({
  id: row.id,
  name: row.name,
  enabled: row.enabled,
  requireVerifiedRenter: row.requireVerifiedRenter,
  requireNoArrears: row.requireNoArrears,
  maxTotalCents: row.maxTotalCents,
  maxDays: row.maxDays,
  allowedModels: row.allowedModels,
});

export function useRuleForm(): RegistryForm<
  RuleRow,
  typeof partyEndpoints.ruleCreate.body,
  typeof partyEndpoints.ruleUpdate.body
> {
  const { t } = useTranslation('lease-parties');
  const create = useEndpointMutation(partyEndpoints.ruleCreate, { invalidates: PARTY_READS, silent: true });
  const update = useEndpointMutation(partyEndpoints.ruleUpdate, { invalidates: PARTY_READS, silent: true });
  return {
    width: 560,
    fields: () => <RuleFields />,
    create: {
      title: t('rules.addTitle'),
      schema: partyEndpoints.ruleCreate.body,
      initialValues: { enabled: true, requireVerifiedRenter: true, requireNoArrears: true },
      submit: (body) => create.mutateAsync({ body }),
    },
    update: {
      title: (row) => t('rules.editTitle', { name: row.name }),
      schema: partyEndpoints.ruleUpdate.body,
      submit: (body) => update.mutateAsync({ body }),
      initialValues: editable,
    },
  };
}
