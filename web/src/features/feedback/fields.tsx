import { Typography } from 'antd';
import { Link } from 'react-router';
import { FEEDBACK_STATUS } from '@console/contract/codes/service';
import { MAX_FEEDBACK_IMAGES, type FeedbackRow } from '@console/contract/http/feedback';
import { feedbackScreens } from '@console/contract/screens/feedback';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';
import { DayField } from '../../components/picker-fields.tsx';
import { UploadField } from '../../components/upload-field.tsx';
import { WorkOrderLink } from '../../components/work-order-link.tsx';

const detail = (row: FeedbackRow) => href(feedbackScreens.detail, { id: row.id });

/** A customer's feedback (labels in the `feedback` catalog). */
export const useFeedbackFields = defineFields<FeedbackRow>()('feedback', {
  id: { label: 'common:id', cell: (row) => <Link to={detail(row)}>#{row.id}</Link> },
  serialNumber: { label: 'serialNumber', form: { maxLength: 40 } },
  info: {
    label: 'info',
    form: { rows: 4, maxLength: 2000 },
    cell: (row) => (
      <Link to={detail(row)}>
        <Typography.Text ellipsis style={{ maxWidth: 280, color: 'inherit' }}>
          {row.info}
        </Typography.Text>
      </Link>
    ),
  },
  customerName: { label: 'customer' },
  reporterName: { label: 'reporter', form: { maxLength: 40 } },
  phone: { label: 'phone', form: { maxLength: 15 } },
  images: {
    label: 'images',
    kind: 'number',
    value: (row) => row.images.length,
    form: { extra: 'imagesHint', input: () => <UploadField kind="photo" max={MAX_FEEDBACK_IMAGES} /> },
  },
  status: { label: 'status', kind: 'code', table: FEEDBACK_STATUS, sortable: true, filter: { width: 130 } },
  workOrderId: { label: 'workOrder', cell: (row) => <WorkOrderLink id={row.workOrderId} /> },
  createdAt: { label: 'createdAt', kind: 'moment', sortable: true },
  handlerName: { label: 'handler', defaultHidden: true },
  remark: { label: 'remark', defaultHidden: true, form: { rows: 3, maxLength: 500 } },
  keyword: { label: 'keyword', filter: { maxLength: 40 } },
  from: { label: 'from', filter: { input: () => <DayField /> } },
  to: { label: 'to', filter: { input: () => <DayField /> } },
});
