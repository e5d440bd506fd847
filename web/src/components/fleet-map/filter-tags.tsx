import { isValidElement } from 'react';
import { Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListFilter } from '../list-page.tsx';
import type { ListParams } from '../use-list-params.ts';

/** The text a filter's value shows: the option's label of a select (FilterSelect), else the value as typed. */
function valueLabel(filter: ListFilter, value: string): string {
  if (isValidElement<{ options?: { value: string; label: string }[] }>(filter.input)) {
    const option = filter.input.props.options?.find((o) => o.value === value);
    if (option) return option.label;
  }
  return value;
}

/** The list's filters among the URL's parameters (what the list's map view shows the machines of). */
export function activeFilters(filters: ListFilter[], params: ListParams): Record<string, string> {
  return Object.fromEntries(filters.filter((f) => params[f.name]).map((f) => [f.name, params[f.name]!]));
}

/**
 * Above a list's map view: the list's filters that select the machines on the map, each removable, and one link
 * back to the whole fleet. Nothing while no filter applies.
 */
export function FilterTags({
  filters,
  params,
  onChange,
}: {
  filters: ListFilter[];
  params: ListParams;
  /** Drop some filters (names mapped to undefined). */
  onChange: (patch: Record<string, undefined>) => void;
}) {
  const { t } = useTranslation('map');
  const shown = filters.filter((f) => params[f.name]);
  if (shown.length === 0) return null;
  return (
    <Flex align="center" wrap gap={8} style={{ marginBottom: 12 }} role="group" aria-label={t('filters')}>
      <Typography.Text type="secondary">{t('filters')}:</Typography.Text>
      {shown.map((f) => (
        <Tag key={f.name} closable color="blue" onClose={() => onChange({ [f.name]: undefined })}>
          {f.label}: {valueLabel(f, params[f.name]!)}
        </Tag>
      ))}
      <Button
        type="link"
        size="small"
        onClick={() => onChange(Object.fromEntries(shown.map((f) => [f.name, undefined])))}
      >
        {t('clearFilters')}
      </Button>
    </Flex>
  );
}
