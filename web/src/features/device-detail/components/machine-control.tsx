import { useState } from 'react';
import { App, Button, Card, Flex, InputNumber, Select, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { controlsOf, type CommandItem, type CreateCommandForm } from '@console/contract/http/commands';
import type { DeviceDetail } from '@console/contract/http/device-detail';
import { MAX_DRIVE_HZ, MIN_DRIVE_HZ, PUMP_MODES, RUN_MODES } from '@console/contract/mqtt/payloads';
import { useCommandDevice } from '../api/device-detail.ts';
import { CommandStateTag } from './command-state.tsx';

type Control = 'runMode' | 'pumpMode' | 'speed' | 'restart';

/** The latest command of a type, with its state and, when it failed, why in the user's words. */
function Latest({ command }: { command: CommandItem | undefined }) {
  const { t } = useTranslation('device-detail');
  if (!command) return null;
  return (
    <Flex gap={4} align="center" wrap>
      <Typography.Text type="secondary">{t('control.last')}:</Typography.Text>
      <CommandStateTag state={command.state} />
      {command.reasonText && <Typography.Text type="danger">{command.reasonText}</Typography.Text>}
    </Flex>
  );
}

/**
 * The machine's running mode, pump mode, frequency drive speed and a restart of its unit, as commands through
 * the durable queue (decision 021), each followed until the machine confirms or refuses it. Only what the
 * machine's kind has is offered.
 */
export function MachineControl({ detail, commands }: { detail: DeviceDetail; commands: CommandItem[] }) {
  const { t } = useTranslation('device-detail');
  const { modal, message } = App.useApp();
  const { device } = detail;
  const commandDevice = useCommandDevice(device.id);
  const has = controlsOf(device.kind);
  const [runMode, setRunMode] = useState<(typeof RUN_MODES)[number]>('standard');
  const [pumpMode, setPumpMode] = useState<(typeof PUMP_MODES)[number]>('performance');
  const [driveHz, setDriveHz] = useState<number | null>(40);
  const latest = (type: Control) => commands.find((c) => c.type === type);

  const send = async (type: Control, params?: CreateCommandForm['params']) => {
    const away = !device.online || device.sleeping;
    if (
      type === 'restart' &&
      !(await modal.confirm({ title: t('control.confirmRestart', { serial: device.serialNumber }) }))
    )
      return;
    if (away && !(await modal.confirm({ title: t('control.confirmOffline') }))) return;
    await commandDevice({ type, mode: 'unconditional', ...(params ? { params } : {}) });
    void message.success(t('control.sent'));
  };

  return (
    <Card size="small" title={t('control.title')}>
      <Flex vertical gap={12}>
        {has.runMode && (
          <Flex gap={8} align="center" wrap>
            <Select
              aria-label={t('control.runMode')}
              style={{ width: 200 }}
              value={runMode}
              onChange={setRunMode}
              options={RUN_MODES.map((m) => ({ value: m, label: t(`control.runModes.${m}`) }))}
            />
            <Button onClick={() => void send('runMode', { runMode })}>
              {t('control.set')} {t('control.runMode')}
            </Button>
            <Latest command={latest('runMode')} />
          </Flex>
        )}
        {has.pumpMode && (
          <Flex gap={8} align="center" wrap>
            <Select
              aria-label={t('control.pumpMode')}
              style={{ width: 200 }}
              value={pumpMode}
              onChange={setPumpMode}
              options={PUMP_MODES.map((m) => ({ value: m, label: t(`control.pumpModes.${m}`) }))}
            />
            <Button onClick={() => void send('pumpMode', { pumpMode })}>
              {t('control.set')} {t('control.pumpMode')}
            </Button>
            <Latest command={latest('pumpMode')} />
          </Flex>
        )}
        {has.speed && (
          <Flex gap={8} align="center" wrap>
            <InputNumber
              aria-label={t('control.driveHz')}
              style={{ width: 200 }}
              min={MIN_DRIVE_HZ}
              max={MAX_DRIVE_HZ}
              step={0.1}
              precision={1}
              value={driveHz}
              onChange={setDriveHz}
            />
            <Button disabled={driveHz === null} onClick={() => void send('speed', { driveHz: driveHz! })}>
              {t('control.set')} {t('control.driveHz')}
            </Button>
            <Typography.Text type="secondary">{t('control.driveHelp')}</Typography.Text>
            <Latest command={latest('speed')} />
          </Flex>
        )}
        <Flex gap={8} align="center" wrap>
          <Button icon={<ReloadOutlined />} onClick={() => void send('restart')}>
            {t('control.restart')}
          </Button>
          <Latest command={latest('restart')} />
        </Flex>
      </Flex>
    </Card>
  );
}
