import { useState, type ReactElement } from 'react';
import { App, Button, Form, Input, Modal, Typography, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { invoiceEndpoints, type InvoiceRow } from '@console/contract/http/invoices';
import { translate } from '@console/contract/messages/translate';
import { checkFile } from '../../../components/upload-rules.ts';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { currentApiLang } from '../../../lib/i18n.ts';
import { INVOICE_READS } from '../api.ts';

/**
 * Issue an invoice with its PDF, or replace an issued one's with a reason: one original, pdf only, 5M (checked here
 * by name and size, by the server on the content).
 */
export function IssueDialog({
  invoice,
  replace = false,
  trigger,
}: {
  invoice: InvoiceRow;
  replace?: boolean;
  trigger: ReactElement<{ onClick?: () => void }>;
}) {
  const { t } = useTranslation('invoices');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const endpoint = replace ? invoiceEndpoints.replaceFile : invoiceEndpoints.issue;
  const send = useEndpointMutation(endpoint, { invalidates: INVOICE_READS });
  const close = () => {
    setOpen(false);
    setFiles([]);
    setFileError(null);
    form.resetFields();
  };
  const submit = async ({ reason }: { reason?: string }) => {
    const file = files[0]?.originFileObj;
    if (!file) {
      setFileError(t('issue.fileRequired'));
      return;
    }
    const body = new FormData();
    body.set('id', String(invoice.id));
    body.set('file', file);
    if (replace) body.set('reason', reason ?? '');
    await send.mutateAsync({ body });
    void message.success(t(replace ? 'issue.replaced' : 'issue.done'));
    close();
  };
  return (
    <>
      <span onClick={() => setOpen(true)}>{trigger}</span>
      <Modal
        open={open}
        title={t(replace ? 'issue.replaceTitle' : 'issue.title', { number: invoice.number })}
        onCancel={close}
        onOk={() => form.submit()}
        confirmLoading={send.isPending}
        mask={{ closable: false }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values).catch(() => undefined)}>
          <Form.Item
            label={t('issue.file')}
            required
            validateStatus={fileError ? 'error' : undefined}
            help={fileError ?? t('issue.rules')}
          >
            <Upload
              accept=".pdf,application/pdf"
              maxCount={1}
              fileList={files}
              beforeUpload={(file) => {
                const refused = checkFile('pdf', file, 0, 1);
                if (refused) {
                  void message.error(translate(currentApiLang(), refused.key as never, refused.params));
                  return Upload.LIST_IGNORE;
                }
                setFileError(null);
                return false;
              }}
              onChange={({ fileList }) => setFiles(fileList.slice(-1))}
            >
              <Button icon={<UploadOutlined />}>{t('issue.pick')}</Button>
            </Upload>
          </Form.Item>
          {replace && (
            <Form.Item
              name="reason"
              label={t('issue.reason')}
              rules={[
                { required: true, whitespace: true, message: translate(currentApiLang(), 'invoices.reasonRequired') },
              ]}
            >
              <Input.TextArea rows={2} maxLength={200} />
            </Form.Item>
          )}
          <Typography.Text type="secondary">
            {invoice.tenantName} · {invoice.taxNumber}
          </Typography.Text>
        </Form>
      </Modal>
    </>
  );
}
