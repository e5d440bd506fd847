import { useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dashboardEndpoints } from '@console/contract/http/dashboard';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** The zoom an address (a district) and a machine are shown at. */
const ADDRESS_ZOOM = 13;
const MACHINE_ZOOM = 16;

/**
 * Find a place to draw a fence at. Geocoding services are not reached (the console works offline): the places
 * searched are the ones the console knows, the addresses the user's machines report from and the machines
 * themselves (dashboard places.do, decision 027).
 */
export function PlaceSearch({ onPick }: { onPick: (lat: number, lng: number, zoom: number) => void }) {
  const { t } = useTranslation('fences');
  const [keyword, setKeyword] = useState('');
  const typed = keyword.trim();
  const places = useQuery({
    ...endpointQuery(dashboardEndpoints.places, { keyword: typed }, { background: true }),
    enabled: typed.length > 0,
    staleTime: 60_000,
  });
  const list = places.data?.list ?? [];
  const options = list.map((place, i) => ({
    value: String(i),
    label:
      place.kind === 'address'
        ? t('editor.placeAddress', { place: place.label, count: place.machines })
        : t('editor.placeMachine', { machine: place.label }),
  }));
  const pick = (i: number) => {
    const place = list[i];
    if (!place) return;
    setKeyword(place.label);
    onPick(place.lat, place.lng, place.kind === 'address' ? ADDRESS_ZOOM : MACHINE_ZOOM);
  };
  return (
    <AutoComplete
      options={options}
      value={keyword}
      onSearch={setKeyword}
      onSelect={(value: string) => pick(Number(value))}
      style={{ width: 360, maxWidth: '100%', marginBottom: 8 }}
      notFoundContent={typed && places.isSuccess ? t('editor.placeNone') : null}
    >
      <Input.Search
        allowClear
        placeholder={t('editor.placeSearch')}
        aria-label={t('editor.placeSearch')}
        loading={places.isFetching}
        // Enter takes the first place found.
        onSearch={(_value, _event, info) => info?.source !== 'clear' && list.length > 0 && pick(0)}
      />
    </AutoComplete>
  );
}
