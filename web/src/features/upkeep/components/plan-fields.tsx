import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { upkeepEndpoints, type UpkeepPlan } from '@console/contract/http/upkeep';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { UPKEEP_READS } from '../api/upkeep.ts';
import { useUpkeepFields } from '../fields.tsx';

/** A plan's fields; the machines only when creating (one plan each), the hours only for an hours interval. */
function PlanFields({ creating }: { creating: boolean }) {
  const fields = useUpkeepFields();
  const interval = Form.useWatch('interval') as string | undefined;
  return fields.formItems([
    ...(creating ? (['deviceIds'] as const) : []),
    'interval',
    ...(interval === 'hours' ? (['intervalHours'] as const) : []),
    'lastDoneAt',
    'lastDoneHours',
    'content',
  ]);
}

export function usePlanForm(): RegistryForm<
  UpkeepPlan,
  typeof upkeepEndpoints.create.body,
  typeof upkeepEndpoints.update.body
> {
  const { t } = useTranslation('upkeep');
  // Silent: the form shows a refusal on its field.
  const create = useEndpointMutation(upkeepEndpoints.create, { invalidates: UPKEEP_READS, silent: true });
  const update = useEndpointMutation(upkeepEndpoints.update, { invalidates: UPKEEP_READS, silent: true });
  return {
    width: 600,
    fields: (row) => <PlanFields creating={!row} />,
    create: {
      title: t('addTitle'),
      schema: upkeepEndpoints.create.body,
      submit: (body) => create.mutateAsync({ body }),
      initialValues: { deviceIds: [], interval: '6m' },
    },
    update: {
      title: (row) => t('editTitle', { serial: row.serialNumber }),
      schema: upkeepEndpoints.update.body,
      submit: (body) => update.mutateAsync({ body }),
      initialValues: (row) => ({
        id: row.id,
        interval: row.interval,
        intervalHours: row.intervalHours,
        lastDoneAt: row.lastDoneAt,
        lastDoneHours: row.lastDoneHours,
        content: row.content,
      }),
    },
  };
}
