import { Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FEEDBACK_STATUS } from '@console/contract/codes/service';
import { feedbackEndpoints, type FeedbackRow } from '@console/contract/http/feedback';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { DayField } from '../../../components/picker-fields.tsx';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { WorkOrderLink } from '../../../components/work-order-link.tsx';
import { feedbackDetailUrl, useIsFeedbackSubmitter } from '../api/feedback.ts';
import { CreateFeedbackDialog, FeedbackActions } from '../components/feedback-dialogs.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';

/** /warning/feedback: what customers reported, with its status; the owner's staff handle it. */
export function FeedbackPage() {
  const { t } = useTranslation(['feedback', 'common']);
  const label = useCodeLabel();
  const columns: ListColumn<FeedbackRow>[] = [
    {
      key: 'id',
      title: 'ID',
      dataIndex: 'id',
      render: (id: number) => <Link to={feedbackDetailUrl(id)}>#{id}</Link>,
    },
    { key: 'serialNumber', title: t('serialNumber'), dataIndex: 'serialNumber' },
    {
      key: 'info',
      title: t('info'),
      dataIndex: 'info',
      render: (info: string, row) => (
        <Link to={feedbackDetailUrl(row.id)}>
          <Typography.Text ellipsis style={{ maxWidth: 280, color: 'inherit' }}>
            {info}
          </Typography.Text>
        </Link>
      ),
    },
    { key: 'customerName', title: t('customer'), dataIndex: 'customerName' },
    { key: 'reporterName', title: t('reporter'), dataIndex: 'reporterName' },
    { key: 'phone', title: t('phone'), dataIndex: 'phone' },
    {
      key: 'images',
      title: t('images'),
      dataIndex: 'images',
      exportValue: (row) => row.images.length,
      render: (images: string[]) => images.length,
    },
    {
      key: 'status',
      title: t('status'),
      dataIndex: 'status',
      sorter: true,
      exportValue: (row) => label(FEEDBACK_STATUS, row.status),
      render: (status: number) => <StatusBadge table={FEEDBACK_STATUS} value={status} />,
    },
    {
      key: 'workOrderId',
      title: t('workOrder'),
      dataIndex: 'workOrderId',
      exportValue: (row) => row.workOrderId ?? '',
      render: (id: number | null) => <WorkOrderLink id={id} />,
    },
    { key: 'createdAt', title: t('createdAt'), dataIndex: 'createdAt', sorter: true },
    { key: 'handlerName', title: t('handler'), dataIndex: 'handlerName', defaultHidden: true },
    { key: 'remark', title: t('remark'), dataIndex: 'remark', defaultHidden: true },
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      render: (_, row) => <FeedbackActions row={row} />,
    },
  ];
  return (
    <ListPage
      area="feedback"
      resource="list"
      endpoint={feedbackEndpoints.list}
      rowKey="id"
      title={t('title')}
      exportName={t('exportName')}
      toolbar={useIsFeedbackSubmitter() && <CreateFeedbackDialog />}
      filters={[
        { name: 'keyword', label: t('keyword'), input: <Input allowClear maxLength={40} /> },
        {
          name: 'status',
          label: t('status'),
          input: <FilterSelect width={130} options={codeOptions(label, FEEDBACK_STATUS)} />,
        },
        { name: 'from', label: t('from'), input: <DayField /> },
        { name: 'to', label: t('to'), input: <DayField /> },
      ]}
      columns={columns}
    />
  );
}
