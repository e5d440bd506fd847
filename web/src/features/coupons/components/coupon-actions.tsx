import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { couponEndpoints, type CouponRow } from '@console/contract/http/coupons';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { COUPON_READS } from '../api.ts';
import { GrantDialog } from './grant-dialog.tsx';

/** What the coupon's own company does with it: grant while issuing, stop issuing, delete while nobody holds one. */
export function CouponActions({ coupon, onDeleted }: { coupon: CouponRow; onDeleted?: () => void }) {
  const { t } = useTranslation(['coupons', 'common']);
  const { message } = App.useApp();
  const stop = useEndpointMutation(couponEndpoints.stop, { invalidates: COUPON_READS });
  const remove = useEndpointMutation(couponEndpoints.remove, { invalidates: COUPON_READS });
  if (!coupon.editable) return null;
  return (
    <Space size={0} wrap>
      {coupon.issueState === 'issuing' && coupon.remaining > 0 && (
        <GrantDialog coupon={coupon} trigger={<Button type="link">{t('grant.action')}</Button>} />
      )}
      {coupon.issueState !== 'stopped' && (
        <ConfirmButton
          type="link"
          title={t('coupon.stopConfirm', { name: coupon.name })}
          onConfirm={async () => {
            await stop.mutateAsync({ body: { id: coupon.id } });
            void message.success(t('coupon.stopped'));
          }}
        >
          {t('coupon.stop')}
        </ConfirmButton>
      )}
      {coupon.received === 0 && (
        <ConfirmButton
          type="link"
          danger
          title={t('coupon.deleteConfirm', { name: coupon.name })}
          onConfirm={async () => {
            await remove.mutateAsync({ body: { id: coupon.id } });
            void message.success(t('coupon.deleted'));
            onDeleted?.();
          }}
        >
          {t('common:delete')}
        </ConfirmButton>
      )}
    </Space>
  );
}
