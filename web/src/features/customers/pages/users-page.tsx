import { App, Button, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLE_CODE } from '@console/contract/codes/accounts';
import { userEndpoints, type UserRow } from '@console/contract/http/users';
import { useCodeLabel } from '../../../components/code-label.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { readsOf, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { UserDrawer } from '../components/user-drawer.tsx';
import { useUserFields } from '../user-fields.tsx';

const USER_READS = readsOf(userEndpoints);

/** The row's actions: details, disable or re-enable (asked first), and the roles the user may give. */
function UserActions({ row, open }: { row: UserRow; open: () => void }) {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const label = useCodeLabel();
  const disable = useEndpointMutation(userEndpoints.setDisabled, { invalidates: USER_READS });
  const setRole = useEndpointMutation(userEndpoints.setRole, { invalidates: USER_READS });
  return (
    <Space size={0} wrap>
      <Button type="link" onClick={open}>
        {t('users.details')}
      </Button>
      {row.editable && (
        <ConfirmButton
          type="link"
          danger={!row.disabled}
          title={t(row.disabled ? 'users.enableConfirm' : 'users.disableConfirm', { mobile: row.mobile })}
          onConfirm={async () => {
            await disable.mutateAsync({ body: { uids: [row.uid], disabled: !row.disabled } });
            void message.success(t(row.disabled ? 'users.enabled' : 'users.disabled'));
          }}
        >
          {t(row.disabled ? 'users.enable' : 'users.disable')}
        </ConfirmButton>
      )}
      {row.roles.length > 0 && (
        <Select
          size="small"
          aria-label={t('users.changeRole')}
          style={{ width: 180 }}
          value={row.roleId}
          options={row.roles.map((r) => ({ value: r, label: label(ROLE_CODE, r) }))}
          onChange={async (roleId: number) => {
            await setRole.mutateAsync({ body: { uid: row.uid, roleId } });
            void message.success(t('users.roleChanged'));
          }}
        />
      )}
    </Space>
  );
}

function UsersList({ customersOnly }: { customersOnly: boolean }) {
  const { t } = useTranslation('customers');
  const fields = useUserFields();
  const [open, setOpen] = useState<UserRow | null>(null);
  return (
    <>
      <ListPage
        area="customers"
        resource={customersOnly ? 'customerUsers' : 'users'}
        endpoint={userEndpoints.list}
        rowKey="uid"
        title={t(customersOnly ? 'users.customTitle' : 'users.title')}
        exportName={t('users.exportName')}
        fixedQuery={customersOnly ? { orgKind: 'customer' } : undefined}
        filters={fields.filters(customersOnly ? ['keyword', 'verified'] : ['keyword', 'roleId', 'orgKind', 'verified'])}
        columns={[
          ...fields.columns([
            'mobile',
            'nickname',
            'name',
            'roleId',
            'orgName',
            'orgKind',
            'verified',
            'disabled',
            'createdAt',
          ]),
          {
            key: 'actions',
            title: t('users.actions'),
            noExport: true,
            render: (_, row) => <UserActions row={row} open={() => setOpen(row)} />,
          },
        ]}
      />
      {open && <UserDrawer row={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/** /userManagement/all: every account the user sees, masked. */
export function UsersPage() {
  return <UsersList customersOnly={false} />;
}

/** /userManagement/custom: the customers' people. */
export function CustomerUsersPage() {
  return <UsersList customersOnly />;
}
