import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadInvoice } from '../api.ts';

/** Saves an invoice's PDF (the issued one, or a former one from the timeline). */
export function DownloadButton({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation('invoices');
  const { message } = App.useApp();
  return (
    <Button
      type="link"
      size="small"
      icon={<DownloadOutlined />}
      onClick={() => downloadInvoice(url, name).catch(() => void message.error(t('downloadFailed')))}
    >
      {t('download')}
    </Button>
  );
}
