import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { subleaseEndpoints } from '@console/contract/http/lease-sublease';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** A list filter on the sub-lessor (text values, as the URL holds them). */
export function SublessorFilter(props: { value?: string; onChange?: (value: string | undefined) => void }) {
  const { t } = useTranslation('payables');
  const query = useQuery({
    ...endpointQuery(subleaseEndpoints.sublessorList, { page: 1, pageSize: 200 }),
    staleTime: 60_000,
  });
  const options = (query.data?.list ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  return <FilterSelect width={200} placeholder={t('sublessorPlaceholder')} options={options} {...props} />;
}

/** A list filter on a month (`YYYY-MM`, as the URL holds it). */
export function MonthFilter(props: { value?: string; onChange?: (value: string | undefined) => void }) {
  return (
    <DatePicker
      picker="month"
      allowClear
      value={props.value ? dayjs(`${props.value}-01`) : null}
      onChange={(m) => props.onChange?.(m ? m.format('YYYY-MM') : undefined)}
    />
  );
}
