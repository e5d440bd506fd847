import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommandState } from '@console/contract/http/commands';

const COLORS: Record<CommandState, string> = {
  queued: 'processing',
  sent: 'processing',
  delivered: 'processing',
  succeeded: 'success',
  failed: 'error',
  expired: 'error',
  cancelled: 'default',
};

/** Where a command to the machine stands in the durable queue (decision 010). */
export function CommandStateTag({ state }: { state: CommandState }) {
  const { t } = useTranslation('device-detail');
  return <Tag color={COLORS[state]}>{t(`command.state.${state}`)}</Tag>;
}
