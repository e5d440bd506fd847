import { App, Button, Input, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { leaseChangeEndpoints } from '@console/contract/http/lease-changes';
import { leaseContractEndpoints as api, type UserAction } from '@console/contract/http/lease-contracts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { DayField } from '../../../components/picker-fields.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useOrgToday } from '../../../lib/days.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { CONTRACT_READS } from '../api.ts';

interface Target {
  id: number;
  number: string;
  actions: UserAction[];
}

/** Moves taken at once after a confirmation; the others ask for a reason, a day or a seal in a dialog. */
const CONFIRMED: readonly UserAction[] = ['submit', 'withdraw', 'approve'];

type Kind = 'contract' | 'change';

/** The seals the user may sign this contract (or change, decision 041) with, read with its detail. */
function SealSelect(props: {
  id?: string;
  value?: number;
  onChange?: (v: number) => void;
  contractId: number;
  kind: Kind;
}) {
  const { contractId, kind, ...rest } = props;
  const detail = useQuery(
    endpointQuery(kind === 'change' ? leaseChangeEndpoints.detail : api.detail, { id: contractId }),
  );
  return (
    <Select
      {...rest}
      loading={detail.isLoading}
      options={(detail.data?.seals ?? []).map((s) => ({ value: s.id, label: s.name }))}
    />
  );
}

/**
 * The moves of the state machine the signed-in person may take on a contract (or a change) now (the server answers them with
 * the contract, and refuses again whatever the status or the person does not allow), each confirmed first.
 */
export function ContractActions(props: ContractActionsProps) {
  // A contract the person may take no move on (most rows of a list) costs its row none of the moves' hooks (two
  // writes and the user's details each): antd's Space drew nothing for no buttons either.
  return props.contract.actions.length > 0 ? <ContractMoves {...props} /> : null;
}

interface ContractActionsProps {
  contract: Target;
  size?: 'small' | 'middle';
  /** A contract change takes the same moves through the same endpoint (decision 041). */
  kind?: Kind;
}

function ContractMoves({ contract, size, kind = 'contract' }: ContractActionsProps) {
  const { t } = useTranslation('lease-contracts');
  const { message } = App.useApp();
  const move = useEndpointMutation(api.move, { invalidates: CONTRACT_READS });
  const silentMove = useEndpointMutation(api.move, { invalidates: CONTRACT_READS, silent: true });
  const type = size === 'small' ? 'link' : 'default';
  // A contract closes or ends no later than its lessor's today (the server's rule, on the organisation's calendar).
  const today = useOrgToday();
  const buttons = contract.actions.map((action) => {
    const danger = action === 'reject' || action === 'terminate' || action === 'cancelSigning' || action === 'cancel';
    const label = t(`actions.${action}`);
    if (CONFIRMED.includes(action)) {
      return (
        <ConfirmButton
          key={action}
          size={size}
          type={action === 'approve' && size !== 'small' ? 'primary' : type}
          title={t(`confirm.${action}`, { number: contract.number })}
          onConfirm={async () => {
            const done = await move.mutateAsync({ body: { id: contract.id, action } });
            if (done.held) void message.info(t('done.held', { reasons: done.held }));
            else
              void message.success(
                done.ruleName ? t('done.autoApproved', { rule: done.ruleName }) : t(`done.${action}`),
              );
          }}
        >
          {label}
        </ConfirmButton>
      );
    }
    return (
      <FormDialog
        key={action}
        title={t(`confirm.${action}`, { number: contract.number })}
        trigger={
          <Button size={size} type={type} danger={danger}>
            {label}
          </Button>
        }
        schema={api.move.body}
        initialValues={{ id: contract.id, action }}
        okText={label}
        successMessage={t(`done.${action}`)}
        onSubmit={(body) => silentMove.mutateAsync({ body })}
      >
        {action === 'startSigning' && (
          <Field name="sealId" label={t('dialogs.seal')} extra={t('dialogs.sealHelp')} required>
            <SealSelect contractId={contract.id} kind={kind} />
          </Field>
        )}
        {(action === 'close' || action === 'terminate') && (
          <Field name="day" label={t(`dialogs.${action}Day`)} extra={t('dialogs.endDayHelp')} required>
            <DayField max={today} />
          </Field>
        )}
        {action !== 'startSigning' && (
          <Field name="reason" label={t('dialogs.reason')} required={action !== 'close'}>
            <Input.TextArea rows={3} maxLength={200} />
          </Field>
        )}
      </FormDialog>
    );
  });
  return (
    <Space size={size === 'small' ? 0 : 8} wrap>
      {buttons}
    </Space>
  );
}
