import { Alert, Card, Empty, Flex, Skeleton, Statistic, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HISTORY_DAYS, type DeviceDetail } from '@console/contract/http/device-detail';
import { EChart } from '../../../components/echart.tsx';
import { Figure } from '../../../components/figure.tsx';
import { workingHoursQuery } from '../api/device-detail.ts';
import { useHistoryRange } from '../components/history-range.tsx';
import { LatestValues } from '../components/latest-values.tsx';

/** A concrete pump's construction state: what it pumps now and how. */
const PUMP_FIELDS = ['pumpStatus', 'mode', 'displacementM3h', 'pressureMpa'];

/** Construction info: working hours per day from the machine's hour meter, and utilisation. */
export function ConstructionTab({ detail }: { detail: DeviceDetail }) {
  const { t } = useTranslation('device-detail');
  const { device } = detail;
  const history = useHistoryRange({ hours: [], days: HISTORY_DAYS, mower: device.kind === 'mower', initial: '7d' });
  const hours = useQuery({
    ...workingHoursQuery(device.id, history.range),
    refetchInterval: history.refetchInterval,
    placeholderData: keepPreviousData,
  });
  const days = hours.data?.days ?? [];
  const worked = days.filter((d) => d.hours > 0).length;
  const average = days.length ? days.reduce((sum, d) => sum + d.utilisationPct, 0) / days.length : 0;

  return (
    <Flex vertical gap={16}>
      {device.kind === 'concretePump' && (
        <Card size="small" title={t('construction.pump')}>
          <LatestValues latest={detail.latest} only={PUMP_FIELDS} />
        </Card>
      )}
      <Card size="small" title={t('construction.perDay')}>
        <Flex vertical gap={12}>
          {history.controls}
          <Typography.Text type="secondary">{history.notice}</Typography.Text>
          {hours.isError ? (
            <Alert type="error" showIcon message={hours.error.message} />
          ) : hours.isPending ? (
            <Skeleton active />
          ) : (
            <>
              <Flex wrap gap={48}>
                <Figure title={t('construction.total')} value={hours.data.totalHours} unit="h" />
                <Statistic title={t('construction.daysWorked')} value={worked} />
                <Figure title={t('construction.average')} value={average} digits={1} unit="%" />
              </Flex>
              {hours.data.totalHours === 0 ? (
                <Empty description={t('history.noData')} />
              ) : (
                <EChart
                  height={260}
                  label={t('construction.perDay')}
                  option={{
                    grid: { left: 48, right: 48, top: 32, bottom: 28 },
                    tooltip: { trigger: 'axis' },
                    legend: { top: 0 },
                    xAxis: { type: 'category', data: days.map((d) => d.date.slice(5)) },
                    yAxis: [
                      { type: 'value', name: t('construction.hours') },
                      { type: 'value', name: '%', max: 100 },
                    ],
                    series: [
                      { type: 'bar', name: t('construction.hours'), data: days.map((d) => d.hours) },
                      {
                        type: 'line',
                        name: t('construction.utilisation'),
                        yAxisIndex: 1,
                        data: days.map((d) => d.utilisationPct),
                      },
                    ],
                  }}
                />
              )}
            </>
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
