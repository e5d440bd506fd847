import { useState } from 'react';
import { App, Button, Empty, Flex, Image, Select, Space, Table, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEVICE_FILE_CATEGORY, type DeviceFileCategory } from '@console/contract/codes/device-records';
import {
  deviceRecordEndpoints,
  MAX_DEVICE_IMAGES,
  MAX_DEVICE_PDFS,
  type DeviceFileItem,
} from '@console/contract/http/device-records';
import { translate } from '@console/contract/messages/translate';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { LoadError } from '../../../components/query-state.tsx';
import { tableColumnsOf } from '../../../components/list-page.tsx';
import { checkFile, claimedType } from '../../../components/upload-rules.ts';
import { useFileUrls } from '../../../components/use-file-urls.ts';
import { apiHeaders } from '../../../lib/api-client.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { currentApiLang } from '../../../lib/i18n.ts';
import { useDeviceFileFields } from '../fields.tsx';

/** A stored file is served only with the session's headers: fetch it, then open or save it from memory. */
async function openFile(file: DeviceFileItem, save: boolean) {
  const response = await fetch(file.url, { headers: apiHeaders() });
  if (!response.ok) throw new Error(response.statusText);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  if (save) link.download = file.name;
  else link.target = '_blank';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Manuals, certificates and photos kept with the machine: its customer reads them, its owner keeps them. */
export function DeviceFilesTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation(['device-detail', 'common']);
  const label = useCodeLabel();
  const fields = useDeviceFileFields();
  const { message } = App.useApp();
  const send = useEndpointMutation(deviceRecordEndpoints.uploadFile, { invalidates: [deviceRecordEndpoints.files] });
  const remove = useEndpointMutation(deviceRecordEndpoints.deleteFile, { invalidates: [deviceRecordEndpoints.files] });
  const [category, setCategory] = useState<DeviceFileCategory>('manual');
  const files = useQuery(endpointQuery(deviceRecordEndpoints.files, { deviceId }));
  const list = files.data?.list ?? [];
  const thumbnails = useFileUrls(list.filter((f) => f.type !== 'pdf').map((f) => f.url));

  // The spec's rules before sending (the server checks the bytes again): images 500kb, pdf 5M, 10 of each.
  const refusal = (file: File) => {
    const type = claimedType(file);
    if (!type) return translate(currentApiLang(), 'deviceRecords.fileType');
    const isPdf = type === 'pdf';
    const held = list.filter((f) => (f.type === 'pdf') === isPdf).length;
    const refused = checkFile(isPdf ? 'pdf' : 'photo', file, held, isPdf ? MAX_DEVICE_PDFS : MAX_DEVICE_IMAGES);
    return refused ? translate(currentApiLang(), refused.key, refused.params) : null;
  };

  const upload = async (file: File) => {
    const form = new FormData();
    form.set('file', file);
    form.set('deviceId', String(deviceId));
    form.set('category', category);
    await send.mutateAsync({ body: form });
    void message.success(t('records.files.uploaded', { name: file.name }));
  };

  if (files.isError && !files.data) return <LoadError error={files.error} onRetry={() => void files.refetch()} />;
  return (
    <Flex vertical gap={12}>
      {files.data?.editable && (
        <Flex wrap gap={12} align="center">
          <Select
            size="small"
            style={{ width: 140 }}
            aria-label={t('records.files.category')}
            value={category}
            onChange={setCategory}
            options={codeOptions(label, DEVICE_FILE_CATEGORY)}
          />
          <Upload
            accept=".jpg,.jpeg,.png,.pdf"
            multiple
            showUploadList={false}
            beforeUpload={(file) => {
              const why = refusal(file);
              if (why) void message.error(why);
              return why ? Upload.LIST_IGNORE : true;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              upload(file as File).then(
                () => onSuccess?.(null),
                (error: Error) => onError?.(error),
              );
            }}
          >
            <Button size="small" type="primary" icon={<UploadOutlined />}>
              {t('records.files.upload')}
            </Button>
          </Upload>
          <Typography.Text type="secondary">{t('records.files.rules')}</Typography.Text>
        </Flex>
      )}
      <Table<DeviceFileItem>
        size="small"
        rowKey="id"
        loading={files.isFetching}
        dataSource={list}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('records.files.empty')} /> }}
        columns={tableColumnsOf<DeviceFileItem>([
          {
            key: 'preview',
            title: '',
            width: 72,
            render: (_, f) =>
              f.type === 'pdf' ? (
                <Typography.Text type="secondary">PDF</Typography.Text>
              ) : (
                thumbnails[f.url] && <Image width={48} height={48} src={thumbnails[f.url]} alt={f.name} />
              ),
          },
          ...fields.columns(['name', 'category', 'size', 'uploadedBy', 'uploadedAt']),
          {
            key: 'actions',
            title: t('common:actions'),
            render: (_, f) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => void openFile(f, false).catch(() => undefined)}>
                  {t('records.files.open')}
                </Button>
                <Button type="link" size="small" onClick={() => void openFile(f, true).catch(() => undefined)}>
                  {t('records.files.download')}
                </Button>
                {files.data?.editable && (
                  <ConfirmButton
                    type="link"
                    size="small"
                    danger
                    title={t('records.files.deleteConfirm', { name: f.name })}
                    onConfirm={async () => {
                      await remove.mutateAsync({ body: { id: f.id } });
                      void message.success(t('records.files.deleted'));
                    }}
                  >
                    {t('common:delete')}
                  </ConfirmButton>
                )}
              </Space>
            ),
          },
        ])}
      />
    </Flex>
  );
}
