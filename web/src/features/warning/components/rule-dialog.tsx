import type { MouseEvent, ReactElement } from 'react';
import { App, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { RULE_FIELDS } from '@console/contract/codes/alarms';
import { alarmRuleEndpoints, saveRuleForm, type AlarmRuleRow } from '@console/contract/http/alarm-rules';
import { useCodeLabel } from '../../../components/code-label.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';

/**
 * Edit an organisation's thresholds for one machine kind, validated by the server's schema (ranges, 80 < 90 < 99).
 * Only the thresholds the kind's telemetry can cross are shown; the others keep their values.
 */
export function RuleDialog({
  orgId,
  rule,
  trigger,
}: {
  orgId: number;
  rule: AlarmRuleRow;
  trigger: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
}) {
  const { t } = useTranslation('warning');
  const label = useCodeLabel();
  const { message } = App.useApp();
  // Silent: the dialog shows a refusal on its field.
  const save = useEndpointMutation(alarmRuleEndpoints.save, { invalidates: [alarmRuleEndpoints.list], silent: true });
  const applies = RULE_FIELDS[rule.kind];
  const { configured: _c, updatedAt: _u, updatedBy: _b, ...thresholds } = rule;
  const number = (name: string, max: number, step = 1) => (
    <Field name={name} label={t(`rules.${name}` as never)}>
      <InputNumber min={0} max={max} step={step} precision={1} style={{ width: 200 }} />
    </Field>
  );
  return (
    <FormDialog
      title={t('rules.editTitle', { kind: label(MACHINE_KIND, rule.kind) })}
      trigger={trigger}
      schema={saveRuleForm}
      initialValues={{ ...thresholds, orgId }}
      onSubmit={(body) => save.mutateAsync({ body })}
      onSuccess={() => void message.success(t('messages.ruleSaved'))}
    >
      {applies.load && (
        <>
          {number('load80', 150)}
          {number('load90', 150)}
          {number('load99', 150)}
        </>
      )}
      {applies.tilt && number('tiltDeg', 45, 0.5)}
      {applies.speed && number('overspeedKmh', 200)}
      {applies.battery && number('lowBatteryPct', 100)}
      <Field name="offline" label={t('rules.offlineSwitch')} valuePropName="checked">
        <Switch />
      </Field>
    </FormDialog>
  );
}
