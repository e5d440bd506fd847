import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { WORK_ORDER_ACTIONS } from '@console/contract/codes/work-order-flow';
import type { WorkOrderRow } from '@console/contract/http/work-orders';
import { ActionDialog } from './action-dialog.tsx';

/**
 * The buttons of the actions this user may take on this order now: the server answers them per order from the
 * contract's state machine, so a refused action is never offered.
 */
export function OrderActions({ order, type = 'link' }: { order: WorkOrderRow; type?: 'link' | 'default' }) {
  const { t } = useTranslation('work-orders');
  const actions = WORK_ORDER_ACTIONS.filter((a) => order.actions.includes(a));
  if (actions.length === 0) return null;
  return (
    <Space size={type === 'link' ? 0 : 8} wrap>
      {actions.map((action) => (
        <ActionDialog
          key={action}
          action={action}
          ids={[order.id]}
          money={order.money}
          trigger={
            <Button type={type} danger={action === 'close'}>
              {t(`actions.${action}`)}
            </Button>
          }
        />
      ))}
    </Space>
  );
}
