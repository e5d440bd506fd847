import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALARM_TYPE } from '@console/contract/codes/alarms';
import { useCodeLabel } from '../../../components/code-label.ts';
import { warningEndpoints } from '@console/contract/http/warning';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { WorkOrderDialog } from './work-order-dialog.tsx';

/**
 * `/warning/ticket?fromAlarm=<id>` (the alarm centre's link): the create dialog filled from the alarm, its
 * machine, kind, a title from its type and the content from its detail, the phone and place from the machine's
 * customer (or owner); the order records the alarm as source.
 */
export function AlarmWorkOrderDialog({ alarmId, onClose }: { alarmId: number; onClose: () => void }) {
  const { t } = useTranslation('work-orders');
  const label = useCodeLabel();
  const alarm = useQuery(endpointQuery(warningEndpoints.detail, { id: alarmId }));
  const contact = useQuery({
    ...endpointQuery(workOrderEndpoints.machineContact, { deviceId: alarm.data?.deviceId ?? 0 }, { background: true }),
    enabled: !!alarm.data,
  });
  // The form takes its values once: it opens when both are known (a failed contact leaves those fields empty).
  if (!alarm.data || contact.isPending) return null;
  const a = alarm.data;
  // Only what is known: an empty phone or place leaves the form's own default.
  const known = Object.fromEntries(Object.entries(contact.data ?? {}).filter(([, value]) => value !== ''));
  return (
    <WorkOrderDialog
      open
      onClose={onClose}
      note={t('dialogs.fromAlarm', { id: a.id, info: a.info })}
      machine={{ id: a.deviceId, serialNumber: a.serialNumber }}
      prefill={{
        title: `${label(ALARM_TYPE, a.type)} · ${a.serialNumber}`,
        deviceId: a.deviceId,
        deviceKind: a.kind,
        level: a.level === 3 ? 4 : a.level === 2 ? 3 : 2,
        content: [a.info, a.detail].filter(Boolean).join('\n'),
        source: { kind: 'alarm', id: a.id },
        ...known,
      }}
    />
  );
}
