import { Col, Row, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { partyEndpoints, type StoreRow } from '@console/contract/http/lease-parties';
import { PhoneField } from '../../../components/phone-field.tsx';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { RegionFields } from '../../../components/region-fields.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { PARTY_READS } from '../api.ts';
import { useStoreFields } from '../fields.tsx';
import { PositionPicker } from './position-picker.tsx';

/** A store's fields; its position is WGS-84 latitude and longitude (both or neither). */
function StoreFields() {
  const { t } = useTranslation('lease-parties');
  const fields = useStoreFields();
  const staff = useQuery(endpointQuery(partyEndpoints.staff));
  return (
    <>
      {fields.formItems(['name'])}
      <RegionFields
        provinceLabel={t('province')}
        cityLabel={t('city')}
        districtLabel={t('district')}
        districtMaxLength={50}
      />
      {fields.formItems(['address'])}
      <Row gutter={12}>{fields.formItems(['lat', 'lng'], { wrap: (item) => <Col span={12}>{item}</Col> })}</Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {t('stores.positionHint')}
      </Typography.Paragraph>
      <PositionPicker label={t('stores.mapLabel')} />
      {fields.formItems(['managerId'], {
        overrides: {
          managerId: {
            input: () => (
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={staff.isPending}
                options={(staff.data?.list ?? []).map((u) => ({ value: u.id, label: u.name }))}
              />
            ),
          },
        },
      })}
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
