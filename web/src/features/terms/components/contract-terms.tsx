import { Button, Card, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { termsEndpoints } from '@console/contract/http/terms';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { TermsText } from './terms-text.tsx';

/**
 * The terms a contract carries (decision 078): the version fixed when it was sent for signature, or, before, the one
 * sending it would fix; with its text on demand.
 */
export function ContractTermsCard({ contractId }: { contractId: number }) {
  const { t } = useTranslation('terms');
  const [open, setOpen] = useState(false);
  const query = useQuery(endpointQuery(termsEndpoints.contract, { contractId }));
  const data = query.data;
  if (!data) return null;
  const lang = t(`lang.${data.lang}`);
  const text =
    data.state === 'fixed'
      ? t('contract.fixed', { version: data.version, lang, at: data.fixedAt })
      : data.state === 'pending'
        ? t('contract.pending', { version: data.version, lang })
        : t('contract.none');
  return (
    <Card
      size="small"
      title={t('contract.title')}
      extra={
        data.state !== 'none' && (
          <Button type="link" onClick={() => setOpen(true)}>
            {t('contract.show')}
          </Button>
        )
      }
    >
      <Typography.Text data-testid="contract-terms">{text}</Typography.Text>
      <Modal open={open} title={t('contract.title')} footer={null} width={720} onCancel={() => setOpen(false)}>
        <TermsText title={data.title} body={data.body} />
      </Modal>
    </Card>
  );
}
