import { useEffect } from 'react';
import { Button, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { STOP_MINUTES } from '@console/contract/http/tracks';
import { DevicePicker } from '../../../components/device-picker.tsx';

export const WALL_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export interface TrackForm {
  id: number | null;
  startTime: string;
  endTime: string;
  stopMinutes: number;
}

/** The history ranges of spec section 9, back from now; history is read by month, so none reaches before it. */
const PRESETS = [
  ['hours', 1],
  ['hours', 6],
  ['hours', 12],
  ['hours', 24],
  ['days', 3],
  ['days', 7],
  ['days', 15],
  ['days', 30],
] as const;

/** Today from midnight to now: the range a machine opened without one shows. */
export function defaultRange(): [string, string] {
  const now = dayjs();
  return [now.startOf('day').format(WALL_TIME_FORMAT), now.format(WALL_TIME_FORMAT)];
}

/** Choose a machine, a range within one month and the stop threshold; the page keeps them in its URL. */
export function TrackQueryForm({
  value,
  current,
  onSubmit,
}: {
  value: TrackForm;
  current: { id: number; serialNumber: string } | null;
  onSubmit: (value: TrackForm) => void;
}) {
  const { t } = useTranslation('tracks');
  const [form] = Form.useForm();
  const state = JSON.stringify(value);
  useEffect(() => {
    const v = JSON.parse(state) as TrackForm;
    form.setFieldsValue({ id: v.id, range: [dayjs(v.startTime), dayjs(v.endTime)], stopMinutes: v.stopMinutes });
  }, [state, form]);

  const now = dayjs();
  const monthStart = now.startOf('month');
  const presets = PRESETS.map(([unit, count]) => {
    const from = now.subtract(count, unit);
    return {
      label: t(`presets.${unit}`, { count }),
      value: [from.isBefore(monthStart) ? monthStart : from, now] as [Dayjs, Dayjs],
    };
  });

  return (
    <Form
      form={form}
      name="track-query"
      layout="inline"
      style={{ rowGap: 12 }}
      onFinish={(values: { id: number | null; range: [Dayjs, Dayjs] | null; stopMinutes: number }) =>
        onSubmit({
          id: values.id,
          startTime: values.range?.[0]?.format(WALL_TIME_FORMAT) ?? '',
          endTime: values.range?.[1]?.format(WALL_TIME_FORMAT) ?? '',
          stopMinutes: values.stopMinutes,
        })
      }
    >
      <Form.Item name="id" label={t('form.machine')} rules={[{ required: true, message: t('prompt.selectMachine') }]}>
        <DevicePicker current={current} placeholder={t('form.machinePlaceholder')} />
      </Form.Item>
      <Form.Item name="range" label={t('form.range')} rules={[{ required: true, message: t('prompt.selectRange') }]}>
        <DatePicker.RangePicker
          showTime
          format={WALL_TIME_FORMAT}
          presets={presets}
          // History is read by month: once a start is chosen, only days of its month can end the range.
          disabledDate={(day, info) => !!info?.from && !day.isSame(info.from, 'month')}
        />
      </Form.Item>
      <Form.Item name="stopMinutes" label={t('form.stopMinutes')}>
        <Select
          style={{ width: 110 }}
          options={STOP_MINUTES.map((minutes) => ({ value: minutes, label: t('form.minutes', { count: minutes }) }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('form.submit')}
      </Button>
    </Form>
  );
}
