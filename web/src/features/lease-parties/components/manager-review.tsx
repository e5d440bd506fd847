import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';

/**
 * Why a contract (or a change) in review waits for a manager whatever the automatic approval rules say: its renter is
 * not verified, or a line is below the list price or has none (decision 029, addendum). The server wrote the reasons
 * into the submit's timeline row, in the contract's language; this shows the latest above the detail while the
 * contract is in review, so the manager reviewing it and the salesperson who wrote it both read why.
 */
export function ManagerReviewNote({
  status,
  events,
}: {
  status: number;
  events: readonly { action: string; reason: string }[];
}) {
  const { t } = useTranslation('lease-parties');
  if (status !== LEASE_STATUS.pendingReview) return null;
  const reason = events.findLast((e) => e.action === 'submit')?.reason ?? '';
  if (!reason) return null;
  return (
    <Alert type="warning" showIcon data-testid="manager-review" title={t('managerReview.title')} description={reason} />
  );
}
