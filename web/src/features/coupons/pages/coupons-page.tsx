import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { couponEndpoints } from '@console/contract/http/coupons';
import { couponScreens } from '@console/contract/screens/coupons';
import { ListPage } from '../../../components/list-page.tsx';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { useIsCouponWriter } from '../api.ts';
import { CouponActions } from '../components/coupon-actions.tsx';
import { CouponDialog } from '../components/coupon-dialog.tsx';
import { CouponDrawer } from '../components/coupon-drawer.tsx';
import { COUPON_COLUMNS, useCouponFields } from '../fields.tsx';

/** /financeCenter/couponMng: coupons with their counts; create, grant to mobiles, stop; one opens with its receipts. */
export function CouponsPage() {
  const { t } = useTranslation(['coupons', 'common']);
  const fields = useCouponFields();
  const { query, update } = useScreenQuery(couponScreens.couponMng);
  const writer = useIsCouponWriter();
  return (
    <Card>
      <ListPage
        area="coupons"
        resource="list"
        endpoint={couponEndpoints.list}
        rowKey="id"
        title={t('title')}
        exportName={t('coupon.exportName')}
        filters={fields.filters(['keyword', 'type', 'category', 'issueState'])}
        toolbar={
          writer && (
            <CouponDialog
              trigger={
                <Button type="primary" icon={<PlusOutlined />}>
                  {t('coupon.add')}
                </Button>
              }
            />
          )
        }
        columns={[
          ...fields.columns(COUPON_COLUMNS, {
            name: {
              render: (_, row) => (
                <Button type="link" size="small" onClick={() => update({ id: row.id })}>
                  {row.name}
                </Button>
              ),
            },
          }),
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_, row) => <CouponActions coupon={row} />,
          },
        ]}
      />
      <CouponDrawer couponId={query.id ?? null} onClose={() => update({ id: undefined })} />
    </Card>
  );
}
