import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Empty, Flex, Select, Table, Tag, Typography } from 'antd';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOCK_LEVEL, LOCK_MODE } from '@console/contract/codes/lock';
import type { CommandItem } from '@console/contract/http/commands';
import type { DeviceDetail } from '@console/contract/http/device-detail';
import { LOCK_LEVELS, LOCK_MODES } from '@console/contract/mqtt/payloads';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { commandDevice, detailKeys, latestCommandsQuery } from '../api/device-detail.ts';
import { CommandStateTag } from '../components/command-state.tsx';

type LockLevel = Exclude<(typeof LOCK_LEVELS)[number], 'unlocked'>;
type LockMode = (typeof LOCK_MODES)[number];
// The code tables number the levels and modes in the protocol's order (LOCK_LEVEL 0-4, LOCK_MODE 1-3).
const levelCode = (level: string) => LOCK_LEVELS.indexOf(level as LockLevel);
const modeCode = (mode: string) => LOCK_MODES.indexOf(mode as LockMode) + 1;

/** Where the lock task pages are, filtered to this machine. */
export const lockTasksHref = (id: number) => `/riskManagement/index?deviceId=${id}`;

/**
 * Risk control of one machine: its lock level, whether risk actions apply to its status (spec section 4), and
 * lock and unlock through the durable command queue, followed until the machine reports the level.
 */
export function RiskTab({ detail }: { detail: DeviceDetail }) {
  const { t } = useTranslation('device-detail');
  const label = useCodeLabel();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { device } = detail;
  const [level, setLevel] = useState<LockLevel>('lock1');
  const [mode, setMode] = useState<LockMode>('unconditional');
  const commands = useQuery({ ...latestCommandsQuery(device.id), enabled: detail.commandable });
  const lockCommands = (commands.data?.list ?? []).filter((c) => c.type === 'lock' || c.type === 'unlock');

  const run = async (type: 'lock' | 'unlock') => {
    const question =
      type === 'lock'
        ? t('risk.confirmLock', { serial: device.serialNumber })
        : t('risk.confirmUnlock', { serial: device.serialNumber });
    const away = !device.online || device.sleeping;
    // Spec section 8: a lock on an offline machine applies when it comes online; the user is asked first.
    const confirmed = await modal.confirm({ title: question, content: away ? t('risk.offlineNote') : undefined });
    if (!confirmed) return;
    await commandDevice(device.id, type === 'lock' ? { type, level, mode } : { type, mode });
    void message.success(t(type === 'lock' ? 'risk.lock' : 'risk.unlock'));
    await queryClient.invalidateQueries({ queryKey: detailKeys.commands(device.id) });
  };

  return (
    <Flex vertical gap={16}>
      <Card size="small" extra={<Link to={lockTasksHref(device.id)}>{t('risk.tasks')}</Link>}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            {
              key: 'lock',
              label: t('risk.lockState'),
              children: <StatusBadge table={LOCK_LEVEL} value={device.lockLevel} />,
            },
            {
              key: 'permission',
              label: t('risk.permission'),
              children: (
                <Flex vertical gap={4}>
                  <Tag color={detail.riskPermission ? 'green' : 'default'} style={{ width: 'fit-content' }}>
                    {detail.riskPermission ? t('risk.permitted') : t('risk.notPermitted')}
                  </Tag>
                  <Typography.Text type="secondary">{t('risk.permissionHelp')}</Typography.Text>
                </Flex>
              ),
            },
          ]}
        />
      </Card>
      {detail.commandable ? (
        <Card size="small" title={t('risk.commands')}>
          <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
            <Select
              aria-label={t('risk.level')}
              style={{ width: 200 }}
              value={String(levelCode(level))}
              onChange={(code) => setLevel(LOCK_LEVELS[Number(code)] as LockLevel)}
              options={codeOptions(label, LOCK_LEVEL, [1, 2, 3, 4])}
            />
            <Select
              aria-label={t('risk.lockMode')}
              style={{ width: 200 }}
              value={String(modeCode(mode))}
              onChange={(code) => setMode(LOCK_MODES[Number(code) - 1]!)}
              options={codeOptions(label, LOCK_MODE)}
            />
            <Button danger icon={<LockOutlined />} disabled={!detail.riskPermission} onClick={() => void run('lock')}>
              {t('risk.lock')}
            </Button>
            <Button icon={<UnlockOutlined />} disabled={device.lockLevel === 0} onClick={() => void run('unlock')}>
              {t('risk.unlock')}
            </Button>
          </Flex>
          <Table<CommandItem>
            size="small"
            rowKey="id"
            loading={commands.isPending}
            dataSource={lockCommands}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('risk.noCommands')} /> }}
            columns={[
              { key: 'type', title: t('command.typeTitle'), render: (_, c) => t(`command.type.${c.type}`) },
              {
                key: 'level',
                title: t('risk.level'),
                render: (_, c) => (c.level ? label(LOCK_LEVEL, levelCode(c.level)) : '-'),
              },
              {
                key: 'mode',
                title: t('risk.lockMode'),
                render: (_, c) => (c.mode ? label(LOCK_MODE, modeCode(c.mode)) : '-'),
              },
              {
                key: 'state',
                title: t('command.stateTitle'),
                render: (_, c) => (
                  <Flex vertical gap={2}>
                    <CommandStateTag state={c.state} />
                    {c.reasonText && <Typography.Text type="secondary">{c.reasonText}</Typography.Text>}
                  </Flex>
                ),
              },
              { key: 'createdAt', title: t('command.createdAt'), dataIndex: 'createdAt' },
              { key: 'by', title: t('command.by'), dataIndex: 'createdByName' },
            ]}
          />
        </Card>
      ) : (
        <Alert type="info" showIcon message={t('risk.readOnly')} />
      )}
    </Flex>
  );
}
