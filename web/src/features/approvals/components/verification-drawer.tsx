import { Alert, Button, Descriptions, Drawer, Image, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { verificationEndpoints } from '@console/contract/http/approvals';
import { userEndpoints } from '@console/contract/http/users';
import { identityLabels, partyDocumentLabel } from '@console/contract/lease/renter-identity';
import { QueryState } from '../../../components/query-state.tsx';
import { useFileUrls } from '../../../components/use-file-urls.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useVerificationFields } from '../fields.tsx';
import { DecisionActions } from './decision-actions.tsx';

/**
 * A verification as submitted, masked (decision 043). The reviewer may ask for a person's whole name and number:
 * the account's reveal, which the server records; an enterprise shows its licence. A person's number is named by the
 * document of their own country, by their mobile's area code (partyDocumentLabel, decision 064): a driver licence at
 * +61, an ID card at +86, a passport elsewhere; a company's registration number by its brand's tax regime and its
 * region, as the server checks it (a credit code under a Chinese brand, an ABN for an Australian company).
 */
export function VerificationDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation(['approvals', 'lease-parties']);
  const fields = useVerificationFields();
  const query = useQuery({ ...endpointQuery(verificationEndpoints.detail, { id: id ?? 0 }), enabled: !!id });
  const reveal = useEndpointMutation(userEndpoints.reveal);
  const [whole, setWhole] = useState<{ id: number; name: string; idNumber: string } | null>(null);
  const licence = useFileUrls([query.data?.licenseImage ?? ''])[query.data?.licenseImage ?? ''];
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={600}
      title={t('verification.detailTitle')}
      extra={query.data && <DecisionActions queue="verification" rows={[query.data]} />}
    >
      <QueryState query={query}>
        {(v) => {
          const shown = whole?.id === v.id ? whole : null;
          const company = v.idType === 2 || v.kind === 'enterprise';
          const document = company
            ? identityLabels(v.taxRegime, 2, { province: v.province }).idNumber
            : partyDocumentLabel(1, { areaCode: v.areaCode });
          const documentLabel = t(`lease-parties:${document}`);
          return (
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              <Descriptions
                column={1}
                bordered
                size="small"
                items={[
                  ...fields.descriptions(v, ['kind', 'state', 'mobile', 'orgName', 'idType']),
                  {
                    key: 'name',
                    label: company ? t('verification.companyName') : t('verification.name'),
                    children: shown?.name ?? v.name,
                  },
                  ...(v.kind === 'realName'
                    ? [
                        {
                          key: 'idNumber',
                          label: documentLabel,
                          children: shown?.idNumber ?? v.idNumber,
                        },
                      ]
                    : [
                        { key: 'creditCode', label: documentLabel, children: v.creditCode || '-' },
                        ...fields.descriptions(v, ['legalPerson']),
                      ]),
                  ...fields.descriptions(v, ['reason', 'decidedByName', 'decidedAt', 'createdAt']),
                ]}
              />
              {v.uid !== null && !shown && (
                <Button
                  loading={reveal.isPending}
                  onClick={async () => setWhole({ id: v.id, ...(await reveal.mutateAsync({ body: { uid: v.uid! } })) })}
                >
                  {t('verification.reveal')}
                </Button>
              )}
              {shown && <Alert type="info" showIcon message={t('verification.revealed')} />}
              {v.kind === 'enterprise' &&
                (licence ? <Image src={licence} width={240} alt={t('verification.licence')} /> : null)}
            </Space>
          );
        }}
      </QueryState>
    </Drawer>
  );
}
