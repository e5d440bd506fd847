import { Button, Card, Input, Radio, Space, Tabs, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { AVAILABILITY_STATES, availabilityEndpoints as api } from '@console/contract/http/availability';
import { availabilityScreens } from '@console/contract/screens/availability';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { DayField } from '../../../components/picker-fields.tsx';
import { calendarView, machinesRead, modelsRead, monthStart } from '../../../lib/availability-view.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useOrgToday } from '../../../lib/days.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { MachineGrid } from '../components/machine-grid.tsx';
import { ModelGrid } from '../components/model-grid.tsx';
import { STATE_COLORS } from '../states.ts';

const screen = availabilityScreens.availability;

/** The states' colours and names. */
function Legend() {
  const { t } = useTranslation('availability');
  return (
    <Space wrap size="middle" data-testid="availability-legend" aria-label={t('legend')}>
      {AVAILABILITY_STATES.map((state) => (
        <Space key={state} size={4}>
          <span
            style={{
              display: 'inline-block',
              width: 14,
              height: 14,
              borderRadius: 3,
              border: '1px solid rgba(0,0,0,0.15)',
              background: STATE_COLORS[state].background,
            }}
          />
          <Typography.Text>{t(`states.${state}`)}</Typography.Text>
        </Space>
      ))}
    </Space>
  );
}

/**
 * /leaseCenter/availability: the rental fleet's machines × days (a month or two), each day coloured by what holds the
 * machine, and each model's free count per day at a store (docs/decisions/072-availability-calendar.md).
 */
export function AvailabilityPage() {
  const { t } = useTranslation('availability');
  const label = useCodeLabel();
  const today = useOrgToday();
  const { query, update } = useScreenQuery(screen);
  const view = calendarView(query, today);
  const { from, days, tab } = view;
  const options = useQuery(endpointQuery(api.options));
  const models = (options.data?.models ?? []).filter((m) => !query.kind || m.kind === query.kind);
  // The model view is of one store: the one chosen, else the first the person sees.
  const modelStore = query.storeId ?? options.data?.stores[0]?.id;
  // A change of filter starts again at the first page.
  const filter = (patch: Parameters<typeof update>[0]) => update({ ...patch, page: null });

  const filters = (
    <Space wrap>
      <FilterSelect
        width={180}
        placeholder={t('filters.store')}
        aria-label={t('filters.store')}
        data-testid="availability-store"
        value={
          tab === 'models' && modelStore !== undefined
            ? String(modelStore)
            : query.storeId === undefined
              ? undefined
              : String(query.storeId)
        }
        options={(options.data?.stores ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        onChange={(v) => filter({ storeId: v ? Number(v) : null })}
      />
      <FilterSelect
        width={150}
        placeholder={t('filters.kind')}
        aria-label={t('filters.kind')}
        value={query.kind}
        options={codeOptions(label, MACHINE_KIND)}
        onChange={(v) => filter({ kind: v ?? null, modelId: null })}
      />
      <FilterSelect
        width={180}
        placeholder={t('filters.model')}
        aria-label={t('filters.model')}
        value={query.modelId === undefined ? undefined : String(query.modelId)}
        options={models.map((m) => ({ value: String(m.id), label: m.name }))}
        onChange={(v) => filter({ modelId: v ? Number(v) : null })}
      />
      {tab === 'machines' && (
        <FilterSelect
          width={180}
          placeholder={t('filters.customer')}
          aria-label={t('filters.customer')}
          value={query.customerId === undefined ? undefined : String(query.customerId)}
          options={(options.data?.customers ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          onChange={(v) => filter({ customerId: v ? Number(v) : null })}
        />
      )}
      {tab === 'machines' && (
        <Input.Search
          allowClear
          maxLength={50}
          style={{ width: 220 }}
          placeholder={t('filters.keyword')}
          aria-label={t('filters.keyword')}
          defaultValue={query.keyword}
          onSearch={(v) => filter({ keyword: v || null })}
        />
      )}
    </Space>
  );

  const navigation = (
    <Space wrap>
      <Button
        icon={<LeftOutlined />}
        aria-label={t('nav.previous')}
        onClick={() => update({ from: monthStart(from, -1) })}
      />
      <div style={{ width: 150 }}>
        <DayField value={from} onChange={(v) => update({ from: v || null })} placeholder={t('filters.from')} />
      </div>
      <Button
        icon={<RightOutlined />}
        aria-label={t('nav.next')}
        onClick={() => update({ from: monthStart(from, 1) })}
      />
      <Button onClick={() => update({ from: monthStart(today) })}>{t('nav.today')}</Button>
      <Radio.Group
        optionType="button"
        value={days}
        onChange={(e) => update({ days: e.target.value as number })}
        options={[
          { value: 31, label: t('nav.oneMonth') },
          { value: 62, label: t('nav.twoMonths') },
        ]}
      />
    </Space>
  );

  return (
    <Card title={t('title')} extra={<Legend />}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {filters}
        {navigation}
        <Tabs
          activeKey={tab}
          onChange={(key) => update({ tab: key as 'machines' | 'models', page: null })}
          items={[
            {
              key: 'machines',
              label: t('tabs.machines'),
              children:
                tab === 'machines' ? (
                  <MachineGrid query={machinesRead(query, view)} onPage={(page) => update({ page })} />
                ) : null,
            },
            {
              key: 'models',
              label: t('tabs.models'),
              children:
                tab === 'models' ? (
                  <ModelGrid query={modelStore === undefined ? null : modelsRead(query, view, modelStore)} />
                ) : null,
            },
          ]}
        />
      </Space>
    </Card>
  );
}
