import type { MouseEvent, ReactElement } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { RULE_FIELDS } from '@console/contract/codes/alarms';
import { alarmRuleEndpoints, saveRuleForm, type AlarmRuleRow } from '@console/contract/http/alarm-rules';
import { useCodeLabel } from '../../../components/code-label.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useAlarmRuleFields } from '../fields.tsx';

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
  const fields = useAlarmRuleFields();
  return (
    <FormDialog
      title={t('rules.editTitle', { kind: label(MACHINE_KIND, rule.kind) })}
      trigger={trigger}
      schema={saveRuleForm}
      initialValues={{ ...thresholds, orgId }}
      onSubmit={(body) => save.mutateAsync({ body })}
      onSuccess={() => void message.success(t('messages.ruleSaved'))}
    >
      {fields.formItems([
        ...(applies.load ? (['load80', 'load90', 'load99'] as const) : []),
        ...(applies.tilt ? (['tiltDeg'] as const) : []),
        ...(applies.speed ? (['overspeedKmh'] as const) : []),
        ...(applies.battery ? (['lowBatteryPct'] as const) : []),
        'offline',
      ])}
    </FormDialog>
  );
}
