import { Col, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { partyEndpoints, type StoreRow } from '@console/contract/http/lease-parties';
import { PhoneField } from '../../../components/phone-field.tsx';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { RegionFields } from '../../../components/region-fields.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { PARTY_READS } from '../api.ts';
import { PositionPicker } from './position-picker.tsx';

/** A store's fields; its position is WGS-84 latitude and longitude (both or neither). */
function StoreFields() {
  const { t } = useTranslation('lease-parties');
  const staff = useQuery(endpointQuery(partyEndpoints.staff));
  return (
    <>
      <Field name="name" label={t('stores.name')}>
        <Input maxLength={100} />
      </Field>
      <RegionFields
        provinceLabel={t('province')}
        cityLabel={t('city')}
        districtLabel={t('district')}
        districtMaxLength={50}
      />
      <Field name="address" label={t('stores.address')}>
        <Input maxLength={200} />
      </Field>
      <Row gutter={12}>
        <Col span={12}>
          <Field name="lat" label={t('stores.lat')}>
            <InputNumber<number> style={{ width: '100%' }} min={-90} max={90} precision={6} />
          </Field>
        </Col>
        <Col span={12}>
          <Field name="lng" label={t('stores.lng')}>
            <InputNumber<number> style={{ width: '100%' }} min={-180} max={180} precision={6} />
          </Field>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {t('stores.positionHint')}
      </Typography.Paragraph>
      <PositionPicker label={t('stores.mapLabel')} />
      <Field name="managerId" label={t('stores.manager')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={staff.isPending}
          options={(staff.data?.list ?? []).map((u) => ({ value: u.id, label: u.name }))}
        />
      </Field>
      <PhoneField label={t('stores.phone')} name="phone" areaLabel={t('areaCode')} optional />
    </>
  );
}

const editable = (row: StoreRow) => ({
  id: row.id,
  name: row.name,
  province: row.province,
  city: row.city,
  district: row.district,
  address: row.address,
  lat: row.lat,
  lng: row.lng,
  managerId: row.managerId,
  areaCode: row.areaCode,
  phone: row.phone,
});

export function useStoreForm(): RegistryForm<
  StoreRow,
  typeof partyEndpoints.storeCreate.body,
  typeof partyEndpoints.storeUpdate.body
> {
  const { t } = useTranslation('lease-parties');
  const create = useEndpointMutation(partyEndpoints.storeCreate, { invalidates: PARTY_READS, silent: true });
  const update = useEndpointMutation(partyEndpoints.storeUpdate, { invalidates: PARTY_READS, silent: true });
  return {
    width: 640,
    fields: () => <StoreFields />,
    create: {
      title: t('stores.addTitle'),
      schema: partyEndpoints.storeCreate.body,
      submit: (body) => create.mutateAsync({ body }),
    },
    update: {
      title: (row) => t('stores.editTitle', { name: row.name }),
      schema: partyEndpoints.storeUpdate.body,
      submit: (body) => update.mutateAsync({ body }),
      initialValues: editable,
    },
  };
}
