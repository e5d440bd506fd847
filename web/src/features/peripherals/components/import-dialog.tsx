import { useState } from 'react';
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { virtualHostEndpoints, type ImportError } from '@console/contract/http/virtual-hosts';
import { toCsv } from '../../../components/csv.ts';
import { downloadCsv, exportFileName } from '../../../components/export-list.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';

type Result = { total: number; imported: number; errors: ImportError[] };

/**
 * Import virtual hosts from a spreadsheet: the template comes from the server (so its headers are the ones the
 * server reads), the server checks every row, and a refused file's problems are listed by row and column here
 * and can be downloaded. All or nothing, as the dialog says.
 */
export function ImportDialog() {
  const { t } = useTranslation('peripherals');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // The dialog lists a refused file's problems; the API client toasts any other refusal.
  const importCall = useEndpointMutation(virtualHostEndpoints.import, { invalidates: [virtualHostEndpoints.list] });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const downloadTemplate = async () => {
    const template = await queryClient.fetchQuery(endpointQuery(virtualHostEndpoints.importTemplate));
    downloadCsv(exportFileName(t('import.templateName')), toCsv(template.headers, [template.example]));
  };

  const send = async (file: File) => {
    setBusy(true);
    setResult(null);
    try {
      const body = new FormData();
      body.append('file', file);
      const answer = await importCall.mutateAsync({ body });
      setResult(answer);
      if (answer.errors.length === 0) void message.success(t('import.done', { count: answer.imported }));
    } catch {
      // The API client has shown why the file was refused.
    } finally {
      setBusy(false);
    }
  };

  const errors = result?.errors ?? [];
  const downloadErrors = () =>
    downloadCsv(
      exportFileName(t('import.errorsName')),
      toCsv(
        [t('import.row'), t('import.column'), t('import.message')],
        errors.map((e) => [e.row, e.column, e.message]),
      ),
    );

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t('import.button')}
      </Button>
      <Modal
        title={t('import.title')}
        open={open}
        width={720}
        footer={null}
        mask={{ closable: false }}
        onCancel={() => {
          setOpen(false);
          setResult(null);
        }}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="info" showIcon message={t('import.rule')} description={t('import.formats')} />
          <Space wrap>
            <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()}>
              {t('import.template')}
            </Button>
            <Upload
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              showUploadList={false}
              beforeUpload={(file) => {
                void send(file);
                return false;
              }}
            >
              <Button type="primary" icon={<UploadOutlined />} loading={busy}>
                {t('import.choose')}
              </Button>
            </Upload>
          </Space>
          {result && errors.length === 0 && (
            <Alert type="success" showIcon message={t('import.done', { count: result.imported })} />
          )}
          {errors.length > 0 && (
            <>
              <Alert
                type="error"
                showIcon
                message={t('import.refused', { count: errors.length, total: result?.total ?? 0 })}
                action={
                  <Button size="small" icon={<DownloadOutlined />} onClick={downloadErrors}>
                    {t('import.downloadErrors')}
                  </Button>
                }
              />
              <Table<ImportError>
                size="small"
                rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
                dataSource={errors}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                aria-label={t('import.refused', { count: errors.length, total: result?.total ?? 0 })}
                columns={[
                  { key: 'row', title: t('import.row'), dataIndex: 'row', width: 80 },
                  { key: 'column', title: t('import.column'), dataIndex: 'column', width: 180 },
                  {
                    key: 'message',
                    title: t('import.message'),
                    dataIndex: 'message',
                    render: (text: string) => <Typography.Text type="danger">{text}</Typography.Text>,
                  },
                ]}
              />
            </>
          )}
        </Space>
      </Modal>
    </>
  );
}
