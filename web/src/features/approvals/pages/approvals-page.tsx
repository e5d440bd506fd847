import { useState } from 'react';
import { Button, Card, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { bindEndpoints, verificationEndpoints } from '@console/contract/http/approvals';
import { VERIFICATION_REVIEWERS } from '@console/contract/access/approvals';
import { approvalScreens } from '@console/contract/screens/approvals';
import { ListPage } from '../../../components/list-page.tsx';
import { usePageSearch, useScreenQuery } from '../../../lib/screen-query.ts';
import { useSession } from '../../../lib/session.ts';
import { BindDrawer } from '../components/bind-drawer.tsx';
import { DecisionActions } from '../components/decision-actions.tsx';
import { VerificationDrawer } from '../components/verification-drawer.tsx';
import { useBindFields, useVerificationFields } from '../fields.tsx';

const pending = (row: { actions: string[] }) => row.actions.includes('approve');

/** Binding requests: people asking to join, customers asking for machines; decide one or a batch. */
function BindTab() {
  const { t } = useTranslation(['approvals', 'common']);
  const fields = useBindFields();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ListPage
        area="approvals"
        resource="bind"
        endpoint={bindEndpoints.list}
        rowKey="id"
        exportName={t('bind.exportName')}
        filters={fields.filters(['state', 'kind', 'keyword', 'days'])}
        selectable={pending}
        batchActionsAlways
        batchActions={(rows, clear) => <DecisionActions queue="bind" rows={rows} onDone={clear} batch />}
        columns={[
          ...fields.columns([
            'kind',
            'state',
            'orgName',
            'requesterMobile',
            'requesterNickname',
            'requesterName',
            'requesterOrgName',
            'serialNumber',
            'roleId',
            'note',
            'reason',
            'decidedByName',
            'decidedAt',
            'createdAt',
            'orgKind',
          ]),
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_, row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setOpen(row.id)}>
                  {t('detail')}
                </Button>
                <DecisionActions queue="bind" rows={[row]} />
              </Space>
            ),
          },
        ]}
      />
      <BindDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** The operator's review of real-name and enterprise verifications, masked until revealed. */
function VerificationTab() {
  const { t } = useTranslation(['approvals', 'common']);
  const fields = useVerificationFields();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ListPage
        area="approvals"
        resource="verification"
        endpoint={verificationEndpoints.list}
        rowKey="id"
        exportName={t('verification.exportName')}
        filters={fields.filters(['state', 'kind', 'keyword', 'days'])}
        selectable={pending}
        batchActionsAlways
        batchActions={(rows, clear) => <DecisionActions queue="verification" rows={rows} onDone={clear} batch />}
        columns={[
          ...fields.columns([
            'kind',
            'state',
            'mobile',
            'orgName',
            'idType',
            'name',
            'idNumber',
            'creditCode',
            'legalPerson',
            'reason',
            'decidedByName',
            'decidedAt',
            'createdAt',
          ]),
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_, row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setOpen(row.id)}>
                  {t('detail')}
                </Button>
                <DecisionActions queue="verification" rows={[row]} />
              </Space>
            ),
          },
        ]}
      />
      <VerificationDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** /approvalManagement/bind: binding requests, and for the operator's staff the verification review. */
export function ApprovalsPage() {
  const { t } = useTranslation('approvals');
  const { roleId } = useSession();
  const { query } = useScreenQuery(approvalScreens.bind);
  const { params, update } = usePageSearch();
  const reviewer = (VERIFICATION_REVIEWERS as readonly number[]).includes(roleId);
  const tab = reviewer && query.tab === 'verification' ? 'verification' : 'bind';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        // A tab's filters are its own: switching starts the other list afresh.
        onChange={(next) => update({ ...Object.fromEntries([...params.keys()].map((k) => [k, undefined])), tab: next })}
        items={[
          { key: 'bind', label: t('tabs.bind') },
          ...(reviewer ? [{ key: 'verification', label: t('tabs.verification') }] : []),
        ]}
      />
      {tab === 'bind' ? <BindTab /> : <VerificationTab />}
    </Card>
  );
}
