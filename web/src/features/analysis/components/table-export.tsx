import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadCsv, exportFileName, rowsToCsv, type ExportColumn } from '../../../components/export-list.ts';

/** The CSV of a table the page already holds (a chart's table: per organisation, customer, site). */
export function TableExport<Row>({ name, columns, rows }: { name: string; columns: ExportColumn<Row>[]; rows: Row[] }) {
  const { t } = useTranslation('common');
  return (
    <Button
      icon={<DownloadOutlined />}
      disabled={rows.length === 0}
      onClick={() => downloadCsv(exportFileName(name), rowsToCsv(columns, rows))}
    >
      {t('export')}
    </Button>
  );
}
