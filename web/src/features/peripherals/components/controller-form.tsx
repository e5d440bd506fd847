import { useTranslation } from 'react-i18next';
import { controllerEndpoints, type Controller } from '@console/contract/http/peripherals';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { BINDING_FORM, useControllerFields } from '../fields.tsx';

/** A controller unit: serial number, model, firmware, the host and SIM card it is bound to, remark. */
export function useControllerForm() {
  const { t } = useTranslation('peripherals');
  const fields = useControllerFields();
  // Silent: the form shows a refusal on its field.
  const create = useEndpointMutation(controllerEndpoints.create, {
    invalidates: [controllerEndpoints.list],
    silent: true,
  });
  const update = useEndpointMutation(controllerEndpoints.update, {
    invalidates: [controllerEndpoints.list],
    silent: true,
  });
  return {
    fields: (row?: Controller) =>
      fields.formItems(['serialNumber', 'model', 'firmwareVersion', ...BINDING_FORM, 'remark'], { row }),
    create: {
      title: t('controllers.addTitle'),
      schema: controllerEndpoints.create.body,
      submit: (body) => create.mutateAsync({ body }),
    },
    update: {
      title: (row) => t('controllers.editTitle', { serial: row.serialNumber }),
      schema: controllerEndpoints.update.body,
      submit: (body) => update.mutateAsync({ body }),
      initialValues: (row) => row,
    },
  } satisfies RegistryForm<Controller, typeof controllerEndpoints.create.body, typeof controllerEndpoints.update.body>;
}
