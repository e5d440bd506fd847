import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { deviceModelEndpoints, type DeviceModel } from '@console/contract/http/device-models';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { UploadField } from '../../../components/upload-field.tsx';
import { createModel, updateModel } from '../api/devices.ts';

/**
 * A device type: name, category (machine kind) and image are required (spec section 5). The picture is a
 * public upload, since every company using the model shows it.
 */
export function useModelForm() {
  const { t } = useTranslation(['devices', 'common']);
  const label = useCodeLabel();
  return {
    fields: () => (
      <>
        <Field name="name" label={t('models.name')}>
          <Input maxLength={60} />
        </Field>
        <Field name="category" label={t('models.category')}>
          <Select options={codeOptions(label, MACHINE_KIND)} />
        </Field>
        <Field name="image" label={t('models.image')}>
          <UploadField kind="image" isPublic />
        </Field>
        <Field name="brand" label={t('models.brand')}>
          <Input maxLength={40} />
        </Field>
      </>
    ),
    create: {
      title: t('models.addTitle'),
      schema: deviceModelEndpoints.create.body,
      submit: createModel,
      initialValues: { image: '' },
    },
    update: {
      title: (model) => t('models.editTitle', { name: model.name }),
      schema: deviceModelEndpoints.update.body,
      submit: updateModel,
      initialValues: (model) => ({
        id: model.id,
        name: model.name,
        category: model.category,
        image: model.image,
        brand: model.brand,
      }),
    },
  } satisfies RegistryForm<
    DeviceModel,
    typeof deviceModelEndpoints.create.body,
    typeof deviceModelEndpoints.update.body
  >;
}
