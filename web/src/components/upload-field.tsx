import { useEffect, useRef, useState } from 'react';
import { App, Button, Upload, type UploadFile } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { invalidData } from '@console/contract/http/envelope';
import { uploadEndpoints, type UploadKind } from '@console/contract/http/uploads';
import { ApiFailure } from '../lib/api-client.ts';
import { useEndpointMutation } from '../lib/endpoint-query.ts';
import { translate } from '@console/contract/messages/translate';
import { currentApiLang } from '../lib/i18n.ts';
import { messageText } from '../lib/form-rules.ts';
import { compressImage } from './image-compress.ts';
import { checkFile, needsCompression, smaller } from './upload-rules.ts';
import { useFileUrls } from './use-file-urls.ts';

/**
 * A form control that uploads as soon as files are chosen and holds their addresses: a string ('' for
 * none) when `max` is 1, else a string[]. The spec's rules apply before sending (see upload-rules.ts):
 * `image` (jpg/png up to 2M, compressed above 1M), `photo` (jpg/png, 500kb each, usually max 10),
 * `pdf` (5M each, max 1 or 10). The server checks the content again.
 *
 *   <Field name="licenseImage" label={t('licence')}><UploadField kind="image" /></Field>
 *   <Field name="photos" label={t('photos')}><UploadField kind="photo" max={10} /></Field>
 *   <Field name="avatar" label={t('avatar')}><UploadField kind="image" isPublic /></Field>
 */
interface UploadFieldProps {
  kind: UploadKind;
  max?: number;
  /** Readable by anyone holding the link (avatars); otherwise only by the organisation. */
  isPublic?: boolean;
  value?: string | string[];
  onChange?: (value: string | string[]) => void;
  disabled?: boolean;
}

const asList = (value: string | string[] | undefined) => (Array.isArray(value) ? value : value ? [value] : []);

export function UploadField({ kind, max = 1, isPublic = false, value, onChange, disabled }: UploadFieldProps) {
  const { t } = useTranslation('components');
  const { message } = App.useApp();
  // Silent: a refused file is told here, by its reason.
  const upload = useEndpointMutation(uploadEndpoints.upload, { silent: true });
  const urls = asList(value);
  const [pending, setPending] = useState<UploadFile[]>([]);
  // Several files of one choice finish in any order; each adds to the latest list, not the one it started with.
  const latest = useRef(urls);
  useEffect(() => {
    latest.current = urls;
  });
  const previews = useFileUrls(urls);

  const emit = (next: string[]) => {
    latest.current = next;
    onChange?.(max === 1 ? (next[0] ?? '') : next);
  };

  const send = async (file: File) => {
    let chosen = file;
    if (needsCompression(kind, file.size)) {
      try {
        chosen = smaller(file, await compressImage(file));
      } catch {
        void message.error(t('upload.compressFailed'));
        return;
      }
    }
    const uid = `${Date.now()}-${file.name}`;
    setPending((list) => [...list, { uid, name: file.name, status: 'uploading' }]);
    try {
      const body = new FormData();
      body.append('file', chosen);
      body.append('kind', kind);
      if (isPublic) body.append('isPublic', '1');
      const stored = await upload.mutateAsync({ body });
      emit([...latest.current, stored.url]);
    } catch (error) {
      // A refusal of the content is shown as its reason alone ("Only jpg/png images ..."), not as a field error.
      const reason =
        error instanceof ApiFailure ? invalidData.safeParse(error.data).data?.issues[0]?.message : undefined;
      const text = reason ? messageText(reason) : error instanceof Error && error.message ? error.message : '';
      void message.error(text || messageText('error.uploadFailed'));
    } finally {
      setPending((list) => list.filter((item) => item.uid !== uid));
    }
  };

  const fileList: UploadFile[] = [
    ...urls.map((url) => ({
      uid: url,
      name: url.split('/').pop() ?? url,
      status: 'done' as const,
      url: previews[url],
      thumbUrl: previews[url],
    })),
    ...pending,
  ];
  const isImage = kind !== 'pdf';
  const full = urls.length + pending.length >= max;
  const accept = isImage ? '.jpg,.jpeg,.png,image/jpeg,image/png' : '.pdf,application/pdf';

  return (
    <Upload
      accept={accept}
      listType={isImage ? 'picture-card' : 'text'}
      fileList={fileList}
      multiple={max > 1}
      disabled={disabled}
      beforeUpload={(file, batch) => {
        const held = urls.length + pending.length + batch.indexOf(file);
        const refusal = checkFile(kind, file, held, max);
        if (refusal) {
          void message.warning(translate(currentApiLang(), refusal.key, refusal.params));
          return Upload.LIST_IGNORE;
        }
        void send(file);
        return false;
      }}
      onRemove={(file) => {
        emit(latest.current.filter((url) => url !== file.uid));
        return false;
      }}
      showUploadList={{ showPreviewIcon: false }}
    >
      {disabled || full ? null : isImage ? (
        <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{t('upload.choose')}</div>
        </button>
      ) : (
        <Button icon={<UploadOutlined />}>{t('upload.choosePdf')}</Button>
      )}
    </Upload>
  );
}
