import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RiskStage } from '@console/contract/http/risk';

const COLOURS: Record<RiskStage, string> = {
  scheduled: 'purple',
  queued: 'default',
  sent: 'processing',
  delivered: 'blue',
  succeeded: 'green',
  failed: 'red',
  expired: 'red',
  cancelled: 'default',
  refused: 'red',
};

/** Where a task's machine is on its way: waiting for its time, then the command's lifecycle. */
export function StageTag({ stage }: { stage: RiskStage }) {
  const { t } = useTranslation('risk');
  return <Tag color={COLOURS[stage]}>{t(`stage.${stage}`)}</Tag>;
}
