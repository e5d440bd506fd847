import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { userEndpoints, type UserDetail } from '@console/contract/http/users';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { InvoiceFields } from '../../settings/index.ts';

/** Edit the invoice information of an account's organisation from the user detail (decision 048). */
export function UserInvoiceDialog({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation(['customers', 'common']);
  // Silent: the form shows a refusal on its field.
  const save = useEndpointMutation(userEndpoints.updateInvoice, {
    invalidates: [userEndpoints.detail],
    silent: true,
  });
  return (
    <FormDialog
      title={t('users.invoiceEdit')}
      trigger={<Button size="small">{t('common:edit')}</Button>}
      width={640}
      schema={userEndpoints.updateInvoice.body}
      initialValues={{ ...detail.invoice, uid: detail.user.uid }}
      onSubmit={(body) => save.mutateAsync({ body })}
      successMessage={t('common:saved')}
    >
      <InvoiceFields initialType={detail.invoice.type} />
    </FormDialog>
  );
}
