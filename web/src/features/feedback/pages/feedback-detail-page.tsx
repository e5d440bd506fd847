import { Card, Descriptions, Image, Result, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FEEDBACK_STATUS } from '@console/contract/codes/service';
import { feedbackEndpoints } from '@console/contract/http/feedback';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useFileUrls } from '../../../components/use-file-urls.ts';
import { WorkOrderLink } from '../../../components/work-order-link.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { FeedbackActions } from '../components/feedback-dialogs.tsx';
import { href } from '@console/contract/screens/screen';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { feedbackScreens } from '@console/contract/screens/feedback';

function Images({ urls }: { urls: string[] }) {
  const shown = useFileUrls(urls);
  if (urls.length === 0) return <>-</>;
  return (
    <Image.PreviewGroup>
      <Space wrap>
        {urls.map((url) => (
          <Image key={url} width={96} height={96} style={{ objectFit: 'cover' }} src={shown[url]} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/** /warning/feedbackDetail?id=: one feedback with its photos and its handling, loaded on its own. */
export function FeedbackDetailPage() {
  const { t } = useTranslation(['feedback', 'common']);
  const id = useScreenQuery(feedbackScreens.detail).query.id ?? 0;
  const query = useQuery({ ...endpointQuery(feedbackEndpoints.detail, { id }), enabled: id > 0 });
  const back = <Link to={href(feedbackScreens.list)}>{t('back')}</Link>;
  if (id <= 0) return <Result status="404" title={t('notFound')} extra={back} />;
  return (
    <QueryState query={query} notFoundExtra={back}>
      {(row) => (
        <Card
          title={
            <Space>
              {t('detailTitle', { id: row.id })}
              <StatusBadge table={FEEDBACK_STATUS} value={row.status} />
            </Space>
          }
          extra={
            <Space>
              <FeedbackActions row={row} link={false} />
              {back}
            </Space>
          }
        >
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              {
                key: 'serial',
                label: t('serialNumber'),
                children: <Link to={href(deviceDetailScreens.detail, { id: row.deviceId })}>{row.serialNumber}</Link>,
              },
              { key: 'customer', label: t('customer'), children: row.customerName || '-' },
              { key: 'reporter', label: t('reporter'), children: row.reporterName || '-' },
              { key: 'phone', label: t('phone'), children: row.phone || '-' },
              { key: 'created', label: t('createdAt'), children: row.createdAt },
              {
                key: 'workOrder',
                label: t('workOrder'),
                children: row.workOrderId ? (
                  <Space>
                    <WorkOrderLink id={row.workOrderId} />
                    <Typography.Text type="secondary">{t('followsWorkOrder', { id: row.workOrderId })}</Typography.Text>
                  </Space>
                ) : (
                  '-'
                ),
              },
              {
                key: 'info',
                label: t('info'),
                span: 2,
                children: (
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{row.info}</Typography.Paragraph>
                ),
              },
              { key: 'images', label: t('images'), span: 2, children: <Images urls={row.images} /> },
              { key: 'handler', label: t('handler'), children: row.handlerName || '-' },
              { key: 'handledAt', label: t('handledAt'), children: row.handledAt ?? '-' },
              { key: 'remark', label: t('remark'), span: 2, children: row.remark || '-' },
            ]}
          />
        </Card>
      )}
    </QueryState>
  );
}
