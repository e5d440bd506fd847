import { App, Button, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLE_CODE } from '@console/contract/codes/accounts';
import { joinRoles } from '@console/contract/codes/approvals';
import {
  bindEndpoints,
  verificationEndpoints,
  type BindRow,
  type VerificationRow,
} from '@console/contract/http/approvals';
import { numericCodeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useSession } from '../../../lib/session.ts';
import { APPROVAL_READS } from '../api.ts';

type Queue = 'bind' | 'verification';
const ENDPOINTS = {
  bind: { approve: bindEndpoints.approve, reject: bindEndpoints.reject },
  verification: { approve: verificationEndpoints.approve, reject: verificationEndpoints.reject },
} as const;

/** The roles the approver may give every person joining in the batch (joinRoles, the server's own rule). */
function useJoinRoles(rows: readonly (BindRow | VerificationRow)[]): number[] | null {
  const { roleId } = useSession();
  const joins = rows.filter((r): r is BindRow => 'orgKind' in r && r.kind === 'join');
  if (joins.length === 0) return null;
  const [first, ...rest] = joins.map((r) => joinRoles(roleId, r.orgKind));
  return first!.filter((role) => rest.every((roles) => roles.includes(role)));
}

/**
 * Approve or reject requests under review (APPROVAL_FLOW), one or a batch: each in a dialog that says what it does,
 * the rejection with its reason; approving a join asks for the role the person takes.
 */
export function DecisionActions({
  queue,
  rows,
  onDone,
  batch = false,
}: {
  queue: Queue;
  rows: readonly (BindRow | VerificationRow)[];
  onDone?: () => void;
  /** The list's bar for the rows selected (buttons), rather than one record's links. */
  batch?: boolean;
}) {
  const { t } = useTranslation('approvals');
  const { message } = App.useApp();
  const label = useCodeLabel();
  const approve = useEndpointMutation(ENDPOINTS[queue].approve, { invalidates: APPROVAL_READS, silent: true });
  const reject = useEndpointMutation(ENDPOINTS[queue].reject, { invalidates: APPROVAL_READS, silent: true });
  const roles = useJoinRoles(rows);
  const open = rows.filter((r) => r.actions.includes('approve'));
  const ids = open.map((r) => r.id);
  const trigger = (text: string, danger = false) => (
    <Button
      type={batch ? 'default' : 'link'}
      size={batch ? 'middle' : 'small'}
      danger={danger}
      disabled={ids.length === 0}
    >
      {text}
    </Button>
  );
  if (!batch && ids.length === 0) return null;
  return (
    <Space size={batch ? 'small' : 0}>
      <FormDialog
        title={t('decide.approveTitle', { count: ids.length })}
        trigger={trigger(batch ? t('decide.approveSelected', { count: ids.length }) : t('decide.approve'))}
        schema={ENDPOINTS[queue].approve.body}
        initialValues={{ ids }}
        okText={t('decide.approve')}
        // Both queues answer how many were decided.
        onSubmit={(body) => approve.mutateAsync({ body }) as Promise<{ count: number }>}
        onSuccess={(answer) => {
          void message.success(t('decide.approved', { count: answer.count }));
          onDone?.();
        }}
      >
        <p>{t(`decide.approveHint.${queue}`, { count: ids.length })}</p>
        {roles && (
          <Field name="roleId" label={t('decide.role')} extra={t('decide.roleHint')}>
            <Select options={numericCodeOptions(label, ROLE_CODE, roles)} />
          </Field>
        )}
      </FormDialog>
      <FormDialog
        title={t('decide.rejectTitle', { count: ids.length })}
        trigger={trigger(batch ? t('decide.rejectSelected', { count: ids.length }) : t('decide.reject'), true)}
        schema={ENDPOINTS[queue].reject.body}
        initialValues={{ ids }}
        okText={t('decide.reject')}
        onSubmit={(body) => reject.mutateAsync({ body }) as Promise<{ count: number }>}
        onSuccess={(answer) => {
          void message.success(t('decide.rejected', { count: answer.count }));
          onDone?.();
        }}
      >
        <Field name="reason" label={t('decide.reason')}>
          <Input.TextArea rows={3} maxLength={200} />
        </Field>
      </FormDialog>
    </Space>
  );
}
