import { Card, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { employeeEndpoints, grantableRoles, type Employee, type Invitation } from '@console/contract/http/employees';
import { employeeScreens } from '@console/contract/screens/employees';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { useSession } from '../../../lib/session.ts';
import { CreateEmployeeDialog } from '../components/create-employee-dialog.tsx';
import { EditEmployeeDialog } from '../components/edit-employee-dialog.tsx';
import { EmployeeStatusButton, BatchStatusButtons } from '../components/employee-status-buttons.tsx';
import { InvitationActions } from '../components/invitation-actions.tsx';
import { InviteDialog } from '../components/invite-dialog.tsx';
import { UnbindButton } from '../components/unbind-dialog.tsx';
import { useEmployeeFields, useFormerFields, useInvitationFields } from '../fields.tsx';

type Tab = 'employees' | 'invitations' | 'former';

/**
 * /employeeManagement/all: the employees of the administrator's own organisation, the invitations sent to join it,
 * and the people unbound from it (decision 048).
 */
export function EmployeesPage() {
  const { t } = useTranslation('employees');
  const { query, update } = useScreenQuery(employeeScreens.list);
  const { roleId } = useSession();
  const grantable = grantableRoles(roleId);
  return (
    <Card>
      <Tabs
        activeKey={query.tab ?? 'employees'}
        onChange={(tab) => update({ tab: tab as Tab })}
        destroyOnHidden
        items={[
          { key: 'employees', label: t('tabs.employees'), children: <EmployeesTab grantable={grantable} /> },
          {
            key: 'invitations',
            label: t('tabs.invitations'),
            children: <InvitationsTab grantable={grantable} />,
          },
          { key: 'former', label: t('tabs.former'), children: <FormerTab /> },
        ]}
      />
    </Card>
  );
}

function EmployeesTab({ grantable }: { grantable: ReturnType<typeof grantableRoles> }) {
  const { t } = useTranslation(['employees', 'common']);
  const { update } = useScreenQuery(employeeScreens.list);
  const fields = useEmployeeFields();
  const columns: ListColumn<Employee>[] = [
    ...fields.columns(['name', 'mobile', 'roleId', 'status', 'nickname', 'createdAt']),
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      render: (_, row) => (
        <Space size={0}>
          <EditEmployeeDialog employee={row} grantable={grantable} />
          <EmployeeStatusButton employee={row} />
          <UnbindButton employee={row} />
        </Space>
      ),
    },
  ];
  return (
    <ListPage
      area="employees"
      resource="list"
      endpoint={employeeEndpoints.list}
      rowKey="uid"
      title={t('title')}
      exportName={t('exportName')}
      filters={fields.filters(['phone', 'name', 'roleId', 'status'], { roleId: { only: grantable } })}
      columns={columns}
      toolbar={
        <Space>
          <InviteDialog grantable={grantable} onInvited={() => update({ tab: 'invitations' })} />
          <CreateEmployeeDialog grantable={grantable} />
        </Space>
      }
      selectable={(row) => !row.isSelf}
      batchActions={(rows, clear) => <BatchStatusButtons employees={rows} onDone={clear} />}
    />
  );
}

function InvitationsTab({ grantable }: { grantable: ReturnType<typeof grantableRoles> }) {
  const { t } = useTranslation(['employees', 'common']);
  const fields = useInvitationFields();
  const columns: ListColumn<Invitation>[] = [
    ...fields.columns(['name', 'mobile', 'roleId', 'state', 'invitedBy', 'sentAt', 'expiresAt', 'closedAt']),
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      render: (_, row) => <InvitationActions invitation={row} />,
    },
  ];
  return (
    <ListPage
      area="employees"
      resource="invitations"
      endpoint={employeeEndpoints.invitations}
      rowKey="id"
      title={t('invitations.title')}
      exportName={t('invitations.exportName')}
      filters={fields.filters(['phone', 'state'])}
      columns={columns}
      toolbar={<InviteDialog grantable={grantable} />}
    />
  );
}

function FormerTab() {
  const { t } = useTranslation('employees');
  const fields = useFormerFields();
  return (
    <ListPage
      area="employees"
      resource="former"
      endpoint={employeeEndpoints.former}
      rowKey="id"
      title={t('former.title')}
      exportName={t('former.exportName')}
      filters={fields.filters(['phone'])}
      columns={fields.columns(['name', 'mobile', 'roleId', 'unboundBy', 'unboundAt', 'released'])}
    />
  );
}
