import { cloneElement, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { Form, Modal } from 'antd';
import type { z } from 'zod';
import { SchemaForm, type SchemaFormProps } from './schema-form.tsx';

/**
 * A SchemaForm in a dialog that does not close on the backdrop. Opened by its `trigger` (any clickable
 * element) or controlled with `open` / `onClose`; it closes itself after a successful submit.
 *
 *   <FormDialog
 *     title={t('create')}
 *     trigger={<Button type="primary">{t('common:create')}</Button>}
 *     schema={employeeEndpoints.create.body}
 *     initialValues={{ mode: 'password' }}
 *     onSubmit={(body) => create.mutateAsync({ body })}
 *     onSuccess={() => void message.success(t('created'))}
 *   >
 *     <Field name="mobile" label={t('phone')}><Input /></Field>
 *   </FormDialog>
 */
type FormDialogProps<S extends z.ZodType<unknown, unknown>, R> = Omit<SchemaFormProps<S, R>, 'submitText' | 'form'> & {
  title: ReactNode;
  trigger?: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
  open?: boolean;
  onClose?: () => void;
  okText?: ReactNode;
  width?: number;
};

export function FormDialog<S extends z.ZodType<unknown, unknown>, R>({
  title,
  trigger,
  open: controlled,
  onClose,
  okText,
  width = 560,
  onSuccess,
  ...formProps
}: FormDialogProps<S, R>) {
  const [form] = Form.useForm();
  const [ownOpen, setOwnOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const open = controlled ?? ownOpen;
  const close = () => {
    setOwnOpen(false);
    onClose?.();
  };

  return (
    <>
      {trigger && cloneElement(trigger, { onClick: () => setOwnOpen(true) })}
      <Modal
        title={title}
        open={open}
        width={width}
        okText={okText}
        onOk={() => form.submit()}
        onCancel={close}
        confirmLoading={submitting}
        mask={{ closable: false }}
        destroyOnHidden
      >
        <SchemaForm
          {...formProps}
          form={form}
          submitText={false}
          onSubmittingChange={setSubmitting}
          onSuccess={(result) => {
            close();
            onSuccess?.(result);
          }}
        />
      </Modal>
    </>
  );
}
