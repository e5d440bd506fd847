import { App, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { leaseHandoverEndpoints as api, type HandoverRow } from '@console/contract/http/lease-handover';
import { leaseHandoverScreens } from '@console/contract/screens/lease';
import { href } from '@console/contract/screens/screen';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { HANDOVER_READS } from '../api.ts';

/** Confirm (the renter's confirmation) or delete a draft; a confirmed record offers neither. */
export function HandoverActions({
  row,
  size,
  afterDelete,
}: {
  row: HandoverRow;
  size?: 'small';
  /** Leave the record's page once it is gone. */
  afterDelete?: boolean;
}) {
  const { t } = useTranslation('lease-handover');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const confirm = useEndpointMutation(api.confirm, { invalidates: HANDOVER_READS });
  const remove = useEndpointMutation(api.remove, { invalidates: HANDOVER_READS });
  if (!row.canConfirm && !row.canDelete) return null;
  const type = size === 'small' ? 'link' : 'default';
  return (
    <Space size={size === 'small' ? 0 : 8}>
      {row.canConfirm && (
        <ConfirmButton
          type={size === 'small' ? 'link' : 'primary'}
          size={size}
          title={t(`${row.kind}.confirmTitle`, { count: row.machineCount })}
          onConfirm={async () => {
            const done = await confirm.mutateAsync({ body: { id: row.id } });
            void message.success(
              done.workOrders.length > 0
                ? t('actions.confirmedWithOrders', { numbers: done.workOrders.join(', ') })
                : t('actions.confirmed'),
            );
          }}
        >
          {t('actions.confirm')}
        </ConfirmButton>
      )}
      {row.canDelete && (
        <ConfirmButton
          type={type}
          size={size}
          danger
          title={t('actions.deleteTitle', { number: row.number })}
          onConfirm={async () => {
            await remove.mutateAsync({ body: { id: row.id } });
            void message.success(t('actions.deleted'));
            if (afterDelete) {
              void navigate(href(row.kind === 'entry' ? leaseHandoverScreens.entryMng : leaseHandoverScreens.quitMng));
            }
          }}
        >
          {t('actions.delete')}
        </ConfirmButton>
      )}
    </Space>
  );
}
