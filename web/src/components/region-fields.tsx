import { useEffect, useState } from 'react';
import { AutoComplete, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { REGIONS, regionNamed } from '@console/contract/codes/region-list';
import { Field } from './schema-form.tsx';

type Districts = Record<string, Record<string, string>>;
let loading: Promise<Districts> | null = null;
const loadDistricts = () => (loading ??= import('./region-districts.json').then((m) => m.default as Districts));

/**
 * The districts of each city (region-districts.json, written by scripts/region-districts.ts), loaded the first time
 * a district field is opened: a chunk of its own that no other page pays for.
 */
function useDistricts(province: string | undefined, city: string | undefined, wanted: boolean): string[] {
  const [list, setList] = useState<Districts | null>(null);
  useEffect(() => {
    if (!wanted || list) return;
    let live = true;
    void loadDistricts().then((loaded) => live && setList(loaded));
    return () => {
      live = false;
    };
  }, [wanted, list]);
  const names = province && city ? list?.[province]?.[city] : undefined;
  return names ? names.split(',') : [];
}

/**
 * Province and city picked from the region list (contract/codes/region-list.ts), never typed, and the district
 * picked from the city's districts or typed (a place the list lacks stays valid): the city's options are the chosen
 * province's, choosing another province clears the city and the district, and choosing another city clears the
 * district (a district belongs to its city). Values are the official Chinese names; the English console labels
 * provinces and cities in English (the district list has Chinese names only).
 */
export function RegionFields({
  provinceLabel,
  cityLabel,
  districtLabel,
  districtMaxLength,
}: {
  provinceLabel: string;
  cityLabel: string;
  districtLabel: string;
  districtMaxLength: number;
}) {
  const { i18n } = useTranslation();
  const form = Form.useFormInstance();
  const province = Form.useWatch<string | undefined>('province', form);
  const city = Form.useWatch<string | undefined>('city', form);
  const [wanted, setWanted] = useState(false);
  const districts = useDistricts(province, city, wanted);
  const english = i18n.language === 'en';
  const labelOf = (r: { name: string; en: string }) => (english ? `${r.en} · ${r.name}` : r.name);
  return (
    <>
      <Field name="province" label={provinceLabel}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={REGIONS.map((r) => ({ value: r.name, label: labelOf(r) }))}
          onChange={() => form.setFieldsValue({ city: '', district: '' })}
          onClear={() => form.setFieldValue('province', '')}
        />
      </Field>
      <Field name="city" label={cityLabel}>
        <Select
          allowClear
          disabled={!province}
          showSearch={{ optionFilterProp: 'label' }}
          options={(regionNamed(province ?? '')?.cities ?? []).map((c) => ({ value: c.name, label: labelOf(c) }))}
          onChange={() => form.setFieldValue('district', '')}
          onClear={() => form.setFieldValue('city', '')}
        />
      </Field>
      <Field name="district" label={districtLabel}>
        <AutoComplete
          maxLength={districtMaxLength}
          onFocus={() => setWanted(true)}
          options={districts.map((d) => ({ value: d, label: d }))}
          showSearch={{ filterOption: (input, option) => String(option?.value ?? '').includes(input.trim()) }}
        />
      </Field>
    </>
  );
}
