import { App, Button, Input, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { quoteEndpoints as api, type QuoteDetail } from '@console/contract/http/quotes';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { href } from '@console/contract/screens/screen';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { QUOTE_READS } from '../api.ts';

/** The renters a prospect's quote may be accepted for. */
function RenterSelect(props: { id?: string; value?: number; onChange?: (v: number) => void }) {
  const options = useQuery(endpointQuery(api.options));
  return (
    <Select
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={options.isLoading}
      options={(options.data?.renters ?? []).map((r) => ({ value: r.id, label: r.name }))}
    />
  );
}

/**
 * The moves of the quote's state machine the person may take now (the server answers them with the quote and
 * refuses whatever its state or the person does not allow), each confirmed first; decline asks for a reason, a
 * prospect's acceptance for the renter it registered as. Accepting opens the contract draft it wrote.
 */
export function QuoteActions({
  quote,
  size,
}: {
  quote: Pick<QuoteDetail, 'id' | 'number' | 'actions' | 'prospect'>;
  size?: 'small';
}) {
  const { t } = useTranslation('quotes');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const move = useEndpointMutation(api.move, { invalidates: QUOTE_READS });
  const silent = useEndpointMutation(api.move, { invalidates: QUOTE_READS, silent: true });
  const type = size === 'small' ? 'link' : 'default';
  const opened = (contractId: number | null) => {
    if (contractId) void navigate(href(leaseContractScreens.contractDetail, { id: contractId }));
  };
  const buttons = quote.actions.map((action) => {
    const label = t(`actions.${action}`);
    if (action === 'decline' || (action === 'accept' && quote.prospect)) {
      return (
        <FormDialog
          key={action}
          title={t(`confirm.${action}`, { number: quote.number })}
          trigger={
            <Button size={size} type={type} danger={action === 'decline'} data-testid={`quote-${action}`}>
              {label}
            </Button>
          }
          schema={api.move.body}
          initialValues={{ id: quote.id, action }}
          okText={label}
          onSubmit={async (body) => {
            const done = await silent.mutateAsync({ body });
            void message.success(label);
            opened(done.contractId);
            return done;
          }}
        >
          {action === 'decline' ? (
            <Field name="reason" label={t('dialogs.reason')} required>
              <Input.TextArea rows={3} maxLength={200} />
            </Field>
          ) : (
            <Field name="renterId" label={t('dialogs.renter')} extra={t('dialogs.renterHelp')} required>
              <RenterSelect />
            </Field>
          )}
        </FormDialog>
      );
    }
    return (
      <ConfirmButton
        key={action}
        size={size}
        type={action === 'accept' && size !== 'small' ? 'primary' : type}
        title={t(`confirm.${action}`, { number: quote.number })}
        onConfirm={async () => opened((await move.mutateAsync({ body: { id: quote.id, action } })).contractId)}
        data-testid={`quote-${action}`}
      >
        {label}
      </ConfirmButton>
    );
  });
  return (
    <Space size={size === 'small' ? 0 : 8} wrap>
      {buttons}
    </Space>
  );
}
