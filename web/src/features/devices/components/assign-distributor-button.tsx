import { useState } from 'react';
import { App, Button, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { deviceEndpoints, type DeviceRow } from '@console/contract/http/devices';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { DEVICE_READS, deviceOptionsQuery } from '../api/devices.ts';

/** The choice in the dialog: a distributor, or 0 to take the distributor off the machines. */
const choice = z.object({
  distributorId: z.number({ error: 'devices.selectDistributor' }).int().min(0, { error: 'devices.selectDistributor' }),
});

/**
 * Batch action of the device list: give the selected machines a distributor (or none). With nothing selected
 * it says so (spec: "distributor assignment requires a selected host"), as the server would.
 */
export function AssignDistributorButton({ rows, onDone }: { rows: DeviceRow[]; onDone: () => void }) {
  const { t } = useTranslation('devices');
  const { message } = App.useApp();
  const assign = useEndpointMutation(deviceEndpoints.assignDistributor, { invalidates: DEVICE_READS, silent: true });
  const options = useQuery(deviceOptionsQuery());
  const [open, setOpen] = useState(false);
  const ids = rows.map((row) => row.id);

  return (
    <>
      <Button onClick={() => (ids.length ? setOpen(true) : void message.warning(t('assign.selectHost')))}>
        {t('assign.button')}
      </Button>
      <FormDialog
        title={t('assign.title', { count: ids.length })}
        open={open}
        onClose={() => setOpen(false)}
        schema={choice}
        onSubmit={({ distributorId }) =>
          assign.mutateAsync({ body: { ids, distributorId: distributorId || null } }).then(() => distributorId)
        }
        onSuccess={(distributorId) => {
          void message.success(t(distributorId ? 'assign.assigned' : 'assign.removed', { count: ids.length }));
          onDone();
        }}
      >
        <Field name="distributorId" label={t('fields.distributor')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={[
              { value: 0, label: t('assign.none') },
              ...(options.data?.distributors ?? []).map((d) => ({ value: d.id, label: d.name })),
            ]}
          />
        </Field>
      </FormDialog>
    </>
  );
}
