import { Descriptions, Drawer } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { couponEndpoints } from '@console/contract/http/coupons';
import { ListPage } from '../../../components/list-page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useCouponFields, useReceivedFields } from '../fields.tsx';
import { CouponActions } from './coupon-actions.tsx';

/** A coupon: its rules and counts, and the coupons received from it, by state and mobile. */
export function CouponDrawer({ couponId, onClose }: { couponId: number | null; onClose: () => void }) {
  const { t } = useTranslation('coupons');
  const fields = useCouponFields();
  const received = useReceivedFields();
  const query = useQuery({ ...endpointQuery(couponEndpoints.detail, { id: couponId ?? 0 }), enabled: !!couponId });
  return (
    <Drawer
      open={couponId !== null}
      onClose={onClose}
      width={960}
      title={query.data?.name ?? t('coupon.detailTitle')}
      extra={query.data && <CouponActions coupon={query.data} onDeleted={onClose} />}
    >
      <QueryState query={query}>
        {(coupon) => (
          <>
            <Descriptions
              column={3}
              bordered
              size="small"
              items={fields.descriptions(coupon, [
                'type',
                'value',
                'category',
                'minSpendCents',
                'issuePeriod',
                'issueState',
                'total',
                'perUserLimit',
                'remaining',
                'validHours',
                'received',
                'used',
                'expired',
                'orgName',
                'createdByName',
                'createdAt',
              ])}
            />
            <ListPage
              area="coupons"
              resource={`received-${coupon.id}`}
              endpoint={couponEndpoints.received}
              rowKey="id"
              title={t('received.title')}
              exportName={t('received.exportName', { name: coupon.name })}
              fixedQuery={{ couponId: coupon.id }}
              filters={received.filters(['state', 'keyword'])}
              columns={received.columns([
                'mobile',
                'holderName',
                'state',
                'receivedAt',
                'expiresAt',
                'usedAt',
                'discountCents',
                'orderRef',
                'grantedByName',
              ])}
            />
          </>
        )}
      </QueryState>
    </Drawer>
  );
}
