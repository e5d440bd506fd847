import { Button, Flex, Result } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BATTERY_DAYS,
  BATTERY_HOURS,
  HISTORY_DAYS,
  HISTORY_HOURS,
  type DeviceDetail,
} from '@console/contract/http/device-detail';
import { DetailPage, type DetailTab } from '../../../components/detail-page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { deviceDetailQuery } from '../api/device-detail.ts';
import { useLiveDetail } from '../api/use-live-detail.ts';
import { DeviceHeader } from '../components/device-header.tsx';
import { batteryFields, chargerFields, electricalFields, hasHourMeter } from '../components/telemetry-fields.ts';
import { AlarmsTab } from '../tabs/alarms-tab.tsx';
import { ConstructionTab } from '../tabs/construction-tab.tsx';
import { DeviceFilesTab } from '../tabs/device-files-tab.tsx';
import { DeviceLogTab } from '../tabs/device-log-tab.tsx';
import { ExpensesTab } from '../tabs/expenses-tab.tsx';
import { LocationTab } from '../tabs/location-tab.tsx';
import { OperationLogTab } from '../tabs/operation-log-tab.tsx';
import { OverviewTab } from '../tabs/overview-tab.tsx';
import { ParametersTab } from '../tabs/parameters-tab.tsx';
import { RiskTab } from '../tabs/risk-tab.tsx';
import { TelemetryTab } from '../tabs/telemetry-tab.tsx';
import { href } from '@console/contract/screens/screen';
import { deviceScreens } from '@console/contract/screens/devices';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { useScreenQuery } from '../../../lib/screen-query.ts';

/** The tabs of spec section 2 in its order, those a kind does not report left out. */
function useTabs(detail: DeviceDetail): DetailTab<undefined>[] {
  const { t } = useTranslation('device-detail');
  const { kind, id } = detail.device;
  const telemetry = (
    fields: ReturnType<typeof electricalFields>,
    hours: readonly number[],
    days: readonly number[],
    states?: string[],
  ) =>
    fields.length > 0
      ? () => <TelemetryTab detail={detail} fields={fields} hours={hours} days={days} states={states} />
      : null;
  const tabs: [string, string, (() => React.ReactNode) | null][] = [
    ['overview', t('tabs.overview'), () => <OverviewTab detail={detail} />],
    ['location', t('tabs.location'), () => <LocationTab detail={detail} />],
    ['deviceLog', t('tabs.deviceLog'), () => <DeviceLogTab deviceId={id} />],
    ['operationLog', t('tabs.operationLog'), () => <OperationLogTab deviceId={id} />],
    ['electrical', t('tabs.electrical'), telemetry(electricalFields(kind), HISTORY_HOURS, HISTORY_DAYS)],
    ['parameters', t('tabs.parameters'), () => <ParametersTab detail={detail} />],
    ['construction', t('tabs.construction'), hasHourMeter(kind) ? () => <ConstructionTab detail={detail} /> : null],
    ['risk', t('tabs.risk'), () => <RiskTab detail={detail} />],
    ['charger', t('tabs.charger'), telemetry(chargerFields(kind), HISTORY_HOURS, HISTORY_DAYS, ['state', 'faults'])],
    ['battery', t('tabs.battery'), telemetry(batteryFields(kind), BATTERY_HOURS, BATTERY_DAYS)],
    ['alarms', t('tabs.alarms'), () => <AlarmsTab deviceId={id} />],
    ['files', t('tabs.files'), () => <DeviceFilesTab deviceId={id} />],
    ['expenses', t('tabs.expenses'), () => <ExpensesTab deviceId={id} />],
  ];
  return tabs.flatMap(([key, label, render]) => (render ? [{ key, label, render }] : []));
}

function DeviceDetailBody({ detail }: { detail: DeviceDetail }) {
  const tabs = useTabs(detail);
  return (
    <Flex vertical gap={16}>
      <DeviceHeader detail={detail} />
      <DetailPage tabs={tabs} tabsAt="left" />
    </Flex>
  );
}

/** /deviceManagement/detail?id=<deviceId>: one machine, its state kept live, its history in tabs. */
export function DeviceDetailPage() {
  const { t } = useTranslation('device-detail');
  const id = useScreenQuery(deviceDetailScreens.detail).query.id ?? 0;
  const valid = id > 0;
  const detail = useQuery({ ...deviceDetailQuery(valid ? id : 0), enabled: valid });
  useLiveDetail(id);
  const back = (
    <Link to={href(deviceScreens.list)}>
      <Button>{t('back')}</Button>
    </Link>
  );
  if (!valid) return <Result status="404" title={t('title')} extra={back} />;
  return (
    <QueryState query={detail} notFoundExtra={back}>
      {(data) => <DeviceDetailBody detail={data} />}
    </QueryState>
  );
}
