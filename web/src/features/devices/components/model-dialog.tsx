import type { MouseEvent, ReactElement } from 'react';
import { App, Input, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { deviceModelEndpoints, type DeviceModel } from '@console/contract/http/device-models';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { UploadField } from '../../../components/upload-field.tsx';
import { createModel, refreshModels, updateModel } from '../api/devices.ts';

/**
 * A device type: name, category (machine kind) and image are required (spec section 5). The picture is a
 * public upload, since every company using the model shows it.
 */
export function ModelDialog({
  model,
  trigger,
}: {
  model?: DeviceModel;
  trigger: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
}) {
  const { t } = useTranslation(['devices', 'common']);
  const label = useCodeLabel();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const fields = (
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
  );
  const done = () => {
    void message.success(t('common:saved'));
    void refreshModels(queryClient);
  };
  return model ? (
    <FormDialog
      title={t('models.editTitle', { name: model.name })}
      trigger={trigger}
      schema={deviceModelEndpoints.update.body}
      initialValues={{
        id: model.id,
        name: model.name,
        category: model.category,
        image: model.image,
        brand: model.brand,
      }}
      onSubmit={updateModel}
      onSuccess={done}
    >
      {fields}
    </FormDialog>
  ) : (
    <FormDialog
      title={t('models.addTitle')}
      trigger={trigger}
      schema={deviceModelEndpoints.create.body}
      initialValues={{ image: '' }}
      onSubmit={createModel}
      onSuccess={done}
    >
      {fields}
    </FormDialog>
  );
}
