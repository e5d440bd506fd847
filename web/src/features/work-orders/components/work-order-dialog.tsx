import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CreateWorkOrderInput } from '@console/contract/http/work-order-forms';
import { workOrderEndpoints, type WorkOrderDetail } from '@console/contract/http/work-orders';
import { DevicePicker } from '../../../components/device-picker.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { PhoneField } from '../../../components/phone-field.tsx';
import { RegionFields } from '../../../components/region-fields.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { WORK_ORDER_READS } from '../api/work-orders.ts';
import { useWorkOrderFields } from '../fields.tsx';
import { href } from '@console/contract/screens/screen';
import { workOrderScreens } from '@console/contract/screens/work-orders';

/**
 * Create a work order (optionally prefilled, e.g. from an alarm, whose source it records) or edit one that is
 * not resolved. After creating, the new order's page opens.
 */
export function WorkOrderDialog({
  open,
  onClose,
  order,
  prefill,
  note,
  machine,
}: {
  open: boolean;
  onClose: () => void;
  /** Edit this order. */
  order?: WorkOrderDetail;
  prefill?: Partial<CreateWorkOrderInput>;
  /** A line above the form (where the prefill came from). */
  note?: string;
  /** The prefilled machine, so the picker shows its serial. */
  machine?: { id: number; serialNumber: string };
}) {
  const { t } = useTranslation('work-orders');
  const fields = useWorkOrderFields();
  // Silent: the dialog shows a refusal on its field (or as the usual toast when it belongs to no field).
  const create = useEndpointMutation(workOrderEndpoints.create, { invalidates: WORK_ORDER_READS, silent: true });
  const update = useEndpointMutation(workOrderEndpoints.update, { invalidates: WORK_ORDER_READS, silent: true });
  const navigate = useNavigate();
  const editing = order !== undefined;
  const initialValues = editing
    ? { ...order, remark: order.remark, attachments: order.attachments }
    : { type: 1, level: 3, areaCode: '86', attachments: [], ...prefill };
  return (
    <FormDialog
      title={editing ? t('dialogs.editTitle', { number: order.number }) : t('dialogs.createTitle')}
      open={open}
      onClose={onClose}
      width={720}
      schema={editing ? workOrderEndpoints.update.body : workOrderEndpoints.create.body}
      initialValues={initialValues as never}
      onSubmit={(body) =>
        editing ? update.mutateAsync({ body: body as never }) : create.mutateAsync({ body: body as never })
      }
      onSuccess={(created) => {
        if (!editing) void navigate(href(workOrderScreens.detail, { id: created.id }));
      }}
    >
      {note && <Typography.Paragraph type="secondary">{note}</Typography.Paragraph>}
      {fields.formItems(['title', 'deviceKind', 'deviceId', 'type', 'level'], {
        overrides: {
          deviceKind: { disabled: editing },
          deviceId: {
            input: () => (
              <DevicePicker editableOnly disabled={editing} current={editing ? order.device : (machine ?? null)} />
            ),
          },
        },
      })}
      <PhoneField name="phone" label={t('fields.phone')} areaLabel={t('fields.areaCode')} />
      <RegionFields
        provinceLabel={t('fields.province')}
        cityLabel={t('fields.city')}
        districtLabel={t('fields.district')}
        districtMaxLength={40}
      />
      {fields.formItems(['address', 'content', 'attachments', 'remark'])}
    </FormDialog>
  );
}
