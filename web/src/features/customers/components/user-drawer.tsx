import { Alert, Button, Descriptions, Drawer, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVOICE_TYPE } from '@console/contract/codes/accounts';
import { userEndpoints, type UserRow } from '@console/contract/http/users';
import { partyDocumentLabel } from '@console/contract/lease/renter-identity';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useUserFields } from '../user-fields.tsx';
import { ResetPhoneDialog } from './reset-phone-dialog.tsx';
import { UserInvoiceDialog } from './user-invoice-dialog.tsx';

/**
 * An account's detail: the masked real-name data, and for the operator's reviewers a button that shows the whole of
 * it (the server records each such view), with the organisation's invoice information; editing that, and resetting
 * the account's mobile to a verified new one, for those the server allows (decision 048).
 */
export function UserDrawer({ row, onClose }: { row: UserRow; onClose: () => void }) {
  const { t } = useTranslation(['customers', 'lease-parties']);
  const fields = useUserFields();
  const query = useQuery(endpointQuery(userEndpoints.detail, { uid: row.uid }));
  const reveal = useEndpointMutation(userEndpoints.reveal);
  const [whole, setWhole] = useState<{ name: string; idNumber: string } | null>(null);
  // Identity type 2 is a company: its own labels (spec section 3). The number is the document of the account's
  // country, by its mobile's area code: an ABN or a driver licence at +61, an ID card or a credit code at +86.
  const company = row.idType === 2;
  const labels = {
    name: company ? t('users.companyName') : t('users.name'),
    id: t(`lease-parties:${partyDocumentLabel(row.idType, { areaCode: row.areaCode })}`),
  };
  return (
    <Drawer open width={560} title={t('users.detailTitle')} onClose={onClose} destroyOnHidden>
      <QueryState query={query}>
        {(detail) => {
          const { user, idNumber, canReveal, invoice } = detail;
          return (
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              <Descriptions
                column={1}
                bordered
                size="small"
                items={[
                  ...fields.descriptions(user, [
                    'mobile',
                    'nickname',
                    'roleId',
                    'orgName',
                    'orgKind',
                    'verified',
                    'disabled',
                  ]),
                  { key: 'name', label: labels.name, children: whole?.name ?? user.name },
                  { key: 'idNumber', label: labels.id, children: (whole?.idNumber ?? idNumber) || '-' },
                ]}
              />
              {canReveal && !whole && (
                <Button
                  loading={reveal.isPending}
                  onClick={async () => setWhole(await reveal.mutateAsync({ body: { uid: user.uid } }))}
                >
                  {t('users.reveal')}
                </Button>
              )}
              {whole && <Alert type="info" showIcon message={t('users.revealed')} />}
              {user.editable && (
                <Space>
                  <ResetPhoneDialog user={user} />
                </Space>
              )}
              <Descriptions
                title={t('users.invoice')}
                extra={detail.canEditInvoice && <UserInvoiceDialog detail={detail} />}
                column={1}
                bordered
                size="small"
                items={[
                  { key: 'title', label: t('users.invoiceTitle'), children: invoice.title || '-' },
                  { key: 'taxNumber', label: t('users.taxNumber'), children: invoice.taxNumber || '-' },
                  {
                    key: 'type',
                    label: t('users.invoiceType'),
                    children: <StatusBadge table={INVOICE_TYPE} value={invoice.type} />,
                  },
                  {
                    key: 'taxRate',
                    label: t('users.taxRate'),
                    children: `${invoice.taxRate}%`,
                  },
                  { key: 'address', label: t('users.invoiceAddress'), children: invoice.address || '-' },
                  {
                    key: 'bank',
                    label: t('users.invoiceBank'),
                    children: [invoice.bank, invoice.account].filter(Boolean).join(' ') || '-',
                  },
                ]}
              />
            </Space>
          );
        }}
      </QueryState>
    </Drawer>
  );
}
