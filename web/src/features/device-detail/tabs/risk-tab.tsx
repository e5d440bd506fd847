import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Empty, Flex, Table, Typography } from 'antd';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CommandItem } from '@console/contract/http/commands';
import type { DeviceDetail } from '@console/contract/http/device-detail';
import { RISK_LOCKERS } from '@console/contract/access/risk';
import { tableColumnsOf } from '../../../components/list-page.tsx';
import { LockTaskDialog } from '../../../components/lock-task/lock-task-dialog.tsx';
import { useSession } from '../../../lib/session.ts';
import { latestCommandsQuery } from '../api/device-detail.ts';
import { useLockCommandFields, useRiskStateFields } from '../fields.tsx';
import { href } from '@console/contract/screens/screen';
import { riskScreens } from '@console/contract/screens/risk';

/**
 * Risk control of one machine: its lock level, whether risk actions apply to its status (spec section 4), and
 * lock and unlock as lock tasks (the same dialog, question and password as the lock task list), followed until
 * the machine reports the level. The lock follows the owner's decision: risk permission informs it (decision
 * 013), it does not take it away.
 */
export function RiskTab({ detail }: { detail: DeviceDetail }) {
  const { t } = useTranslation('device-detail');
  const riskFields = useRiskStateFields();
  const commandFields = useLockCommandFields();
  const { message } = App.useApp();
  const { device } = detail;
  const [dialog, setDialog] = useState<'lock' | 'unlock' | null>(null);
  // Commanding roles follow the commands; only the owner's administrators lock (decision 013).
  const { roleId } = useSession();
  const locker = detail.commandable && (RISK_LOCKERS as readonly number[]).includes(roleId);
  const commands = useQuery({ ...latestCommandsQuery(device.id), enabled: detail.commandable });
  const lockCommands = (commands.data?.list ?? []).filter((c) => c.type === 'lock' || c.type === 'unlock');
  // One lock at a time: while one is under way (queued, sent, held by the machine) no other is offered.
  const busy = lockCommands.some((c) => c.execution === 1);

  // The lock task dialog re-reads the commands.
  const created = () => {
    setDialog(null);
    void message.success(t('risk.issued'));
  };

  return (
    <Flex vertical gap={16}>
      <Card size="small" extra={<Link to={href(riskScreens.tasks, { deviceId: device.id })}>{t('risk.tasks')}</Link>}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={riskFields.descriptions(detail, ['lock', 'permission'])}
        />
      </Card>
      {detail.commandable ? (
        <Card size="small" title={t('risk.commands')}>
          {locker ? (
            <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
              <Button danger icon={<LockOutlined />} disabled={busy} onClick={() => setDialog('lock')}>
                {t('risk.lock')}
              </Button>
              <Button
                icon={<UnlockOutlined />}
                disabled={busy || device.lockLevel === 0}
                onClick={() => setDialog('unlock')}
              >
                {t('risk.unlock')}
              </Button>
              {busy && <Typography.Text type="secondary">{t('risk.busy')}</Typography.Text>}
            </Flex>
          ) : (
            <Alert type="info" showIcon message={t('risk.readOnly')} style={{ marginBottom: 16 }} />
          )}
          {dialog && (
            <LockTaskDialog
              open
              deviceId={device.id}
              kind={dialog}
              onClose={() => setDialog(null)}
              onCreated={() => void created()}
            />
          )}
          <Table<CommandItem>
            size="small"
            rowKey="id"
            loading={commands.isPending}
            dataSource={lockCommands}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('risk.noCommands')} /> }}
            columns={tableColumnsOf(
              commandFields.columns(['type', 'level', 'mode', 'state', 'createdAt', 'createdByName']),
            )}
          />
        </Card>
      ) : (
        <Alert type="info" showIcon message={t('risk.readOnly')} />
      )}
    </Flex>
  );
}
