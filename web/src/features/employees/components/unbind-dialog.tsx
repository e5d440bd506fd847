import { useState } from 'react';
import { Alert, App, Button, List, Modal, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { employeeEndpoints, type Employee } from '@console/contract/http/employees';
import { QueryState } from '../../../components/query-state.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';

/**
 * Unbind an employee: before confirming, the open work that names them and what becomes of each piece (work orders
 * back to the pool, seal grants revoked, contracts without a salesperson, lock tasks kept); the person keeps their
 * account and their sessions end at once.
 */
export function UnbindButton({ employee }: { employee: Employee }) {
  const { t } = useTranslation(['employees', 'common']);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" danger disabled={employee.isSelf} onClick={() => setOpen(true)}>
        {t('unbind.button')}
      </Button>
      {open && <UnbindDialog employee={employee} onClose={() => setOpen(false)} />}
    </>
  );
}

function UnbindDialog({ employee, onClose }: { employee: Employee; onClose: () => void }) {
  const { t } = useTranslation(['employees', 'common']);
  const { message } = App.useApp();
  const work = useQuery(endpointQuery(employeeEndpoints.openWork, { uid: employee.uid }));
  const unbind = useEndpointMutation(employeeEndpoints.unbind, {
    invalidates: [employeeEndpoints.list, employeeEndpoints.former],
  });
  const name = employee.name || employee.mobile;
  return (
    <Modal
      open
      title={t('unbind.title', { name })}
      okText={t('unbind.confirm')}
      okButtonProps={{ danger: true, disabled: !work.data }}
      confirmLoading={unbind.isPending}
      mask={{ closable: false }}
      onCancel={onClose}
      onOk={async () => {
        await unbind.mutateAsync({ body: { uid: employee.uid } });
        void message.success(t('unbind.done', { name }));
        onClose();
      }}
    >
      <Alert type="warning" showIcon title={t('unbind.hint')} style={{ marginBottom: 16 }} />
      <QueryState query={work}>
        {(items) => (
          <List
            size="small"
            header={t('unbind.openWork', { count: items.length })}
            locale={{ emptyText: t('unbind.noOpenWork') }}
            dataSource={items}
            renderItem={(item) => (
              <List.Item extra={<Tag>{t(`unbind.outcome.${item.outcome}`)}</Tag>}>
                {t(`unbind.kind.${item.kind}`)}: {item.label}
              </List.Item>
            )}
          />
        )}
      </QueryState>
    </Modal>
  );
}
