import { App, Alert, Button, Card, Descriptions, Flex, Form, InputNumber, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeviceDetail } from '@console/contract/http/device-detail';
import { MAX_SPEED_KMH } from '@console/contract/mqtt/payloads';
import { latestCommandsQuery, useCommandDevice } from '../api/device-detail.ts';
import { CommandStateTag } from '../components/command-state.tsx';
import { MachineControl } from '../components/machine-control.tsx';

interface ParamsForm {
  reportIntervalS: number;
  overspeedKmh: number;
}

/**
 * The machine's report interval and overspeed threshold. A change is a parameters command through the durable
 * queue: it shows as executing until the machine confirms it, and the values change when it does.
 */
export function ParametersTab({ detail }: { detail: DeviceDetail }) {
  const { t } = useTranslation('device-detail');
  const { modal, message } = App.useApp();
  const { device } = detail;
  const commandDevice = useCommandDevice(device.id);
  const commands = useQuery({ ...latestCommandsQuery(device.id), enabled: detail.commandable });
  const last = commands.data?.list.find((c) => c.type === 'params');

  const send = async (values: ParamsForm) => {
    const away = !device.online || device.sleeping;
    if (away && !(await modal.confirm({ title: t('parameters.confirmOffline') }))) return;
    await commandDevice({ type: 'params', mode: 'unconditional', params: values });
    void message.success(t('parameters.sent'));
  };

  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('parameters.current')}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'interval', label: t('parameters.reportInterval'), children: detail.reportIntervalS },
            {
              key: 'overspeed',
              label: t('parameters.overspeed'),
              children: detail.overspeedKmh === 0 ? t('parameters.notMonitored') : detail.overspeedKmh,
            },
          ]}
        />
      </Card>
      {detail.commandable ? (
        <Card size="small" title={t('parameters.send')}>
          <Form<ParamsForm>
            layout="inline"
            initialValues={{ reportIntervalS: detail.reportIntervalS, overspeedKmh: detail.overspeedKmh }}
            onFinish={send}
          >
            <Form.Item
              name="reportIntervalS"
              label={t('parameters.reportInterval')}
              rules={[{ required: true, type: 'integer', min: 1, max: 86400 }]}
            >
              <InputNumber min={1} max={86400} precision={0} />
            </Form.Item>
            <Form.Item
              name="overspeedKmh"
              label={t('parameters.overspeed')}
              extra={t('parameters.overspeedHelp')}
              rules={[{ required: true, type: 'number', min: 0, max: MAX_SPEED_KMH }]}
            >
              <InputNumber min={0} max={MAX_SPEED_KMH} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit">
                {t('parameters.send')}
              </Button>
            </Form.Item>
          </Form>
          {last && (
            <Flex gap={8} align="center" style={{ marginTop: 16 }}>
              <Typography.Text>{t('parameters.lastCommand')}:</Typography.Text>
              <CommandStateTag state={last.state} />
              <Typography.Text type="secondary">
                {t('parameters.reportInterval')} {last.params?.reportIntervalS ?? '-'} · {t('parameters.overspeed')}{' '}
                {last.params?.overspeedKmh ?? '-'} · {t('parameters.sentAt', { time: last.createdAt })}
              </Typography.Text>
              {last.reasonText && <Typography.Text type="danger">{last.reasonText}</Typography.Text>}
            </Flex>
          )}
        </Card>
      ) : (
        <Alert type="info" showIcon message={t('parameters.readOnly')} />
      )}
      {detail.commandable && <MachineControl detail={detail} commands={commands.data?.list ?? []} />}
    </Flex>
  );
}
