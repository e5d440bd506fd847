import { App, Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLE_CODE } from '@console/contract/codes/accounts';
import { DROP_STATE, dropRequestEndpoints, type DropRequestRow } from '@console/contract/http/drop-requests';
import { phoneText } from '@console/contract/formats/phone';
import { defineFields } from '../../../components/fields.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { readsOf, useEndpointMutation } from '../../../lib/endpoint-query.ts';

const READS = readsOf(dropRequestEndpoints);

const useFields = defineFields<DropRequestRow>()('drop-requests', {
  state: { label: 'state', kind: 'code', table: DROP_STATE, filter: { width: 140 } },
  name: { label: 'name', value: (row, { t }) => row.name || t('anonymised') },
  mobile: {
    label: 'mobile',
    // The operator's page: a mainland number as typed, any other with its code.
    value: (row) => (row.state === 'done' ? '' : phoneText({ areaCode: row.areaCode, number: row.mobile }, '86')),
  },
  orgName: { label: 'orgName' },
  roleId: { label: 'role', kind: 'code', table: ROLE_CODE },
  reason: { label: 'reason', kind: 'long', ellipsis: true },
  createdAt: { label: 'createdAt', kind: 'moment' },
  refusal: { label: 'refusal', ellipsis: true },
  decidedByName: { label: 'decidedBy' },
  decidedAt: { label: 'decidedAt', kind: 'moment' },
  notified: { label: 'notified', value: (row, { t }) => (row.decidedAt ? t(row.notified ? 'yes' : 'no') : '') },
  keyword: { label: 'keyword', filter: { placeholder: 'keywordPlaceholder', maxLength: 40 } },
});

/** Approve (the account is anonymised: said plainly before) or refuse with the reason the requester is sent. */
function Decide({ row }: { row: DropRequestRow }) {
  const { t } = useTranslation('drop-requests');
  const { message } = App.useApp();
  const decide = useEndpointMutation(dropRequestEndpoints.decide, { invalidates: READS, silent: true });
  const who = row.name || row.mobile;
  return (
    <Space size={0}>
      <FormDialog
        title={t('approveTitle', { name: who })}
        trigger={
          <Button type="link" size="small" danger>
            {t('approve')}
          </Button>
        }
        schema={dropRequestEndpoints.decide.body}
        initialValues={{ id: row.id, approve: true }}
        okText={t('approve')}
        onSubmit={(body) => decide.mutateAsync({ body })}
        onSuccess={() => void message.success(t('approved'))}
      >
        <p>{t('approveHint')}</p>
      </FormDialog>
      <FormDialog
        title={t('refuseTitle', { name: who })}
        trigger={
          <Button type="link" size="small">
            {t('refuse')}
          </Button>
        }
        schema={dropRequestEndpoints.decide.body}
        initialValues={{ id: row.id, approve: false }}
        okText={t('refuse')}
        onSubmit={(body) => decide.mutateAsync({ body })}
        onSuccess={() => void message.success(t('refused'))}
      >
        <Field name="refusal" label={t('refusal')} extra={t('refusalExtra')}>
          <Input.TextArea rows={3} maxLength={200} />
        </Field>
      </FormDialog>
    </Space>
  );
}

/** /userManagement/dropRequests: the people who asked /dropAccount to delete their account, pending first. */
export function DropRequestsPage() {
  const { t } = useTranslation(['drop-requests', 'common']);
  const fields = useFields();
  return (
    <ListPage
      area="drop-requests"
      resource="list"
      endpoint={dropRequestEndpoints.list}
      rowKey="id"
      title={t('title')}
      exportName={t('exportName')}
      filters={fields.filters(['state', 'keyword'])}
      columns={[
        ...fields.columns([
          'state',
          'name',
          'mobile',
          'orgName',
          'roleId',
          'reason',
          'createdAt',
          'refusal',
          'decidedByName',
          'decidedAt',
          'notified',
        ]),
        {
          key: 'actions',
          title: t('common:actions'),
          noExport: true,
          render: (_, row) => (row.state === 'pending' ? <Decide row={row} /> : null),
        },
      ]}
    />
  );
}
