import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { deviceModelEndpoints, type DeviceModel } from '@console/contract/http/device-models';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { MODEL_READS } from '../api/devices.ts';
import { useModelFields } from '../fields.tsx';

/**
 * A device type: name, category (machine kind) and image are required (spec section 5). The picture is a
 * public upload, since every company using the model shows it.
 */
export function useModelForm() {
  const { t } = useTranslation(['devices', 'common']);
  const fields = useModelFields();
  // Silent: the form shows a refusal on its field.
  const create = useEndpointMutation(deviceModelEndpoints.create, { invalidates: MODEL_READS, silent: true });
  const update = useEndpointMutation(deviceModelEndpoints.update, { invalidates: MODEL_READS, silent: true });
  const createModel = (body: z.output<typeof deviceModelEndpoints.create.body>) => create.mutateAsync({ body });
  const updateModel = (body: z.output<typeof deviceModelEndpoints.update.body>) => update.mutateAsync({ body });
  return {
    fields: () => fields.formItems(['name', 'nameZh', 'nameEn', 'category', 'image', 'brand']),
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
        nameZh: model.nameZh,
        nameEn: model.nameEn,
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
