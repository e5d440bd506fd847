import type { ReactNode } from 'react';
import { Descriptions, Empty, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTROLLER_SILENT, type KindData } from '@console/contract/mqtt/payloads';
import { fieldKey } from './telemetry-fields.ts';

/** Colours of the coded values a machine reports. */
const VALUE_COLORS: Record<string, string> = {
  pumping: 'green',
  reverse: 'orange',
  standby: 'blue',
  performance: 'volcano',
  energySaving: 'green',
  charging: 'green',
  full: 'blue',
  idle: 'default',
  fault: 'red',
};
const CODED = ['pumpStatus', 'mode', 'state'] as const;

/**
 * What a machine last reported, every field of its kind (contract/mqtt kindData) with its label and unit; `only`
 * narrows to the fields of one tab.
 */
export function LatestValues({
  latest,
  only,
  extra = [],
}: {
  latest: KindData | null;
  only?: readonly string[];
  extra?: { label: string; value: ReactNode }[];
}) {
  const { t } = useTranslation('device-detail');
  if (!latest) return <Empty description={t('overview.noReport')} />;
  const render = (name: string, value: unknown): ReactNode => {
    if (typeof value === 'boolean') return value ? t('values.yes') : t('values.no');
    if ((CODED as readonly string[]).includes(name)) {
      return <Tag color={VALUE_COLORS[String(value)]}>{t(`values.${name}.${String(value)}` as never)}</Tag>;
    }
    if (name === 'faults') {
      const faults = value as string[];
      if (faults.length === 0) return t('values.noFaults');
      return (
        <Space size={4} wrap>
          {faults.map((code) => (
            <Tag key={code} color="red">
              {code === CONTROLLER_SILENT ? t('values.controllerSilent') : code}
            </Tag>
          ))}
        </Space>
      );
    }
    if (Array.isArray(value)) return value.join(' / ');
    return String(value);
  };
  const names = Object.keys(latest).filter(
    (name) => name !== 'kind' && (!only || only.some((field) => field.split('.')[0] === name)),
  );
  // Coded states first: they say at a glance what the machine is doing (a pump's status and mode).
  names.sort(
    (a, b) => Number((CODED as readonly string[]).includes(b)) - Number((CODED as readonly string[]).includes(a)),
  );
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        ...names.map((name) => ({
          key: name,
          label: t(fieldKey(name) as never),
          children: render(name, (latest as unknown as Record<string, unknown>)[name]),
        })),
        ...extra.map((item) => ({ key: item.label, label: item.label, children: item.value })),
      ]}
    />
  );
}
