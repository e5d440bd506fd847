import type { ReactNode } from 'react';
import { Button, Card, DatePicker, Form, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MACHINE_KIND, type MachineKind } from '@console/contract/codes/machine-kinds';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { FilterSelect } from '../../../components/filter-select.tsx';

export interface Organisation {
  id: number;
  name: string;
}

/** The period as a range of days (base, construction) or a month (attendance). */
type PeriodInput =
  | { type: 'range'; from?: string; to?: string; onChange: (from: string | null, to: string | null) => void }
  | { type: 'month'; month?: string; onChange: (month: string | null) => void };

/**
 * The filters of every analysis page: period, machine kind and organisation (the owners and customers of the
 * machines the user sees, as the server lists them). Values live in the page's address (useScreenQuery), so a
 * view is a link; `extra` holds a page's own (granularity, idle days).
 */
export function AnalysisFilters(props: {
  period: PeriodInput;
  kind?: MachineKind;
  orgId?: number;
  organisations: Organisation[];
  onKind: (kind: MachineKind | null) => void;
  onOrg: (orgId: number | null) => void;
  onReset: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('analysis');
  const label = useCodeLabel();
  const { period } = props;
  return (
    <Card size="small">
      <Form layout="inline" component="div">
        <Space wrap size={[16, 8]}>
          {period.type === 'range' ? (
            <Form.Item label={t('filters.period')}>
              <DatePicker.RangePicker
                aria-label={t('filters.period')}
                allowClear
                value={period.from && period.to ? [dayjs(period.from), dayjs(period.to)] : null}
                onChange={(range) =>
                  period.onChange(range?.[0]?.format('YYYY-MM-DD') ?? null, range?.[1]?.format('YYYY-MM-DD') ?? null)
                }
              />
            </Form.Item>
          ) : (
            <Form.Item label={t('filters.month')}>
              <DatePicker
                picker="month"
                aria-label={t('filters.month')}
                value={period.month ? dayjs(`${period.month}-01`) : null}
                onChange={(m) => period.onChange(m ? m.format('YYYY-MM') : null)}
              />
            </Form.Item>
          )}
          <Form.Item label={t('filters.kind')}>
            <FilterSelect
              aria-label={t('filters.kind')}
              placeholder={t('filters.allKinds')}
              value={props.kind}
              options={codeOptions(label, MACHINE_KIND)}
              onChange={(v) => props.onKind((v as MachineKind | undefined) ?? null)}
            />
          </Form.Item>
          <Form.Item label={t('filters.organisation')}>
            <Select
              aria-label={t('filters.organisation')}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 240 }}
              placeholder={t('filters.allOrganisations')}
              value={props.orgId}
              options={props.organisations.map((o) => ({ value: o.id, label: o.name }))}
              onChange={(v: number | undefined) => props.onOrg(v ?? null)}
            />
          </Form.Item>
          {props.extra}
          <Button onClick={props.onReset}>{t('filters.reset')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
