import { useTranslation } from 'react-i18next';
import { feedbackEndpoints, type FeedbackRow } from '@console/contract/http/feedback';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { useIsFeedbackSubmitter } from '../api/feedback.ts';
import { useFeedbackFields } from '../fields.tsx';
import { CreateFeedbackDialog, FeedbackActions } from '../components/feedback-dialogs.tsx';

/** /warning/feedback: what customers reported, with its status; the owner's staff handle it. */
export function FeedbackPage() {
  const { t } = useTranslation(['feedback', 'common']);
  const fields = useFeedbackFields();
  const columns: ListColumn<FeedbackRow>[] = [
    ...fields.columns([
      'id',
      'serialNumber',
      'info',
      'customerName',
      'reporterName',
      'phone',
      'images',
      'status',
      'workOrderId',
      'createdAt',
      'handlerName',
      'remark',
    ]),
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
      filters={fields.filters(['keyword', 'status', 'from', 'to'])}
      columns={columns}
    />
  );
}
