import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { controllerEndpoints, type Controller } from '@console/contract/http/peripherals';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { BindingFields } from './binding-fields.tsx';

/** A controller unit: serial number, model, firmware, the host and SIM card it is bound to, remark. */
export function useControllerForm() {
  const { t } = useTranslation('peripherals');
  return {
    fields: (row?: Controller) => (
      <>
        <Field name="serialNumber" label={t('controllers.serialNumber')}>
          <Input maxLength={40} />
        </Field>
        <Field name="model" label={t('controllers.model')}>
          <Input maxLength={40} />
        </Field>
        <Field name="firmwareVersion" label={t('controllers.firmwareVersion')}>
          <Input maxLength={40} />
        </Field>
        <BindingFields row={row} />
        <Field name="remark" label={t('controllers.remark')}>
          <Input.TextArea maxLength={200} rows={2} />
        </Field>
      </>
    ),
    create: {
      title: t('controllers.addTitle'),
      schema: controllerEndpoints.create.body,
      submit: (body) => callApi(controllerEndpoints.create, { body }, { silent: true }),
    },
    update: {
      title: (row) => t('controllers.editTitle', { serial: row.serialNumber }),
      schema: controllerEndpoints.update.body,
      submit: (body) => callApi(controllerEndpoints.update, { body }, { silent: true }),
      initialValues: (row) => row,
    },
  } satisfies RegistryForm<Controller, typeof controllerEndpoints.create.body, typeof controllerEndpoints.update.body>;
}
