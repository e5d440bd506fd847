import { Alert, Checkbox, Divider, Form, Input, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROLE } from '@console/contract/codes/roles';
import { addressText } from '@console/contract/formats/address';
import { lessorEndpoints, type LessorRow } from '@console/contract/http/lessors';
import { defineFields } from '../../../components/fields.tsx';
import { PhoneField } from '../../../components/phone-field.tsx';
import { PhoneText } from '../../../components/phone-text.tsx';
import { RegionFields } from '../../../components/region-fields.tsx';
import { RegistryPage, type RegistryForm } from '../../../components/registry-page.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { endpointQuery, readsOf, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { nameInLanguage } from '@console/contract/formats/names';
import { useHasRole } from '../../../lib/session.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

/** The company's name for the console's reader, as every page names it (contract/formats/names.ts). */
const readerName = (row: Pick<LessorRow, 'name' | 'nameZh' | 'nameEn'>) =>
  nameInLanguage(row, currentLang() === 'en' ? 'en' : 'zh');

const useBrands = () => useQuery(endpointQuery(lessorEndpoints.brands));
const ZONES = Intl.supportedValuesOf('timeZone');
const READS = readsOf(lessorEndpoints);

const useLessorFields = defineFields<LessorRow>()('lessors', {
  // Shown in the console's language when the company keeps a name in it, as every other page names it (decision 064);
  // the form edits the registered name and both languages' as kept.
  name: { label: 'name', sortable: true, form: { maxLength: 100 }, value: (row) => readerName(row) },
  nameZh: { label: 'nameZh', defaultHidden: true, form: { maxLength: 100 } },
  nameEn: { label: 'nameEn', defaultHidden: true, form: { maxLength: 100 } },
  brandName: { label: 'brand', value: (row) => row.brandName || row.appid },
  admins: { label: 'admins', value: (row) => row.admins.join(', ') },
  contactName: { label: 'contactName', form: { maxLength: 50 } },
  contactPhone: {
    label: 'contactPhone',
    cell: (row) => <PhoneText areaCode={row.areaCode} number={row.contactPhone} />,
  },
  address: {
    label: 'address',
    ellipsis: true,
    value: (row) => addressText(row),
    form: { maxLength: 200 },
  },
  creditCode: { label: 'creditCode', defaultHidden: true, form: { maxLength: 30 } },
  timeZone: { label: 'timeZone', defaultHidden: true },
  settings: {
    label: 'settings',
    value: (row, { t }) =>
      [row.leasing && t('leasing'), row.rentalDomestic && t('rentalDomestic'), row.rentalForeign && t('rentalForeign')]
        .filter(Boolean)
        .join(', '),
  },
  customerCount: { label: 'customerCount', kind: 'number', sortable: true },
  deviceCount: { label: 'deviceCount', kind: 'number', sortable: true },
  createdAt: { label: 'createdAt', kind: 'moment', sortable: true },
  keyword: { label: 'keyword', filter: { placeholder: 'keywordPlaceholder', maxLength: 40 } },
});

/** The brand, the calendar and the business permissions: what the company works under. */
function SettingsFields({ row }: { row?: LessorRow }) {
  const { t } = useTranslation('lessors');
  const brands = useBrands().data?.list ?? [];
  return (
    <>
      <Divider titlePlacement="start">{t('settingsTitle')}</Divider>
      <Field name="appid" label={t('brand')} extra={t('brandExtra')}>
        <Select options={brands.map((b) => ({ value: b.appid, label: `${b.name} (${b.appid})` }))} />
      </Field>
      <Field name="timeZone" label={t('timeZone')} extra={t('timeZoneExtra')}>
        <Select showSearch options={ZONES.map((z) => ({ value: z, label: z }))} />
      </Field>
      <Field name="leasing" valuePropName="checked">
        <Checkbox>{t('leasing')}</Checkbox>
      </Field>
      <Form.Item label={t('rental')} extra={t('rentalExtra')}>
        <Field name="rentalDomestic" valuePropName="checked" noStyle>
          <Checkbox disabled={row?.rentalDomestic}>{t('rentalDomestic')}</Checkbox>
        </Field>
        <Field name="rentalForeign" valuePropName="checked" noStyle>
          <Checkbox disabled={row?.rentalForeign}>{t('rentalForeign')}</Checkbox>
        </Field>
      </Form.Item>
    </>
  );
}

/** The first administrator: a number without an account, and how they get their first password. */
function AdminFields() {
  const { t } = useTranslation('lessors');
  const mode = Form.useWatch('adminMode');
  return (
    <>
      <Divider titlePlacement="start">{t('adminTitle')}</Divider>
      <Field name="adminName" label={t('adminName')}>
        <Input maxLength={40} />
      </Field>
      <PhoneField label={t('adminMobile')} name="adminMobile" areaName="adminAreaCode" areaLabel={t('areaCode')} />
      <Field name="adminMode" label={t('adminMode')}>
        <Radio.Group
          options={[
            { value: 'message', label: t('adminModeMessage') },
            { value: 'password', label: t('adminModePassword') },
          ]}
        />
      </Field>
      {mode === 'password' && (
        <Field name="adminPassword" label={t('adminPassword')} extra={t('adminPasswordExtra')}>
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Field>
      )}
    </>
  );
}

function useLessorForm(): RegistryForm<
  LessorRow,
  typeof lessorEndpoints.create.body,
  typeof lessorEndpoints.update.body
> {
  const { t } = useTranslation('lessors');
  const fields = useLessorFields();
  // Silent: the form shows a refusal on its field.
  const create = useEndpointMutation(lessorEndpoints.create, { invalidates: READS, silent: true });
  const update = useEndpointMutation(lessorEndpoints.update, { invalidates: READS, silent: true });
  const company = (row?: LessorRow) => (
    <>
      {fields.formItems(['name', 'nameZh', 'nameEn', 'contactName'])}
      <PhoneField label={t('contactPhone')} name="contactPhone" areaLabel={t('areaCode')} />
      <RegionFields
        provinceLabel={t('province')}
        cityLabel={t('city')}
        districtLabel={t('district')}
        districtMaxLength={50}
      />
      {fields.formItems(['address', 'creditCode'])}
      <SettingsFields row={row} />
    </>
  );
  return {
    width: 680,
    fields: (row) => (
      <>
        {company(row)}
        {!row && <AdminFields />}
      </>
    ),
    create: {
      title: t('addTitle'),
      schema: lessorEndpoints.create.body,
      initialValues: {
        timeZone: browserTimeZone(),
        leasing: true,
        adminMode: 'message',
      },
      submit: (body) => create.mutateAsync({ body }),
      done: (body) => t(body.adminMode === 'message' ? 'createdMessage' : 'createdPassword'),
    },
    update: {
      title: (row) => t('editTitle', { name: readerName(row) }),
      schema: lessorEndpoints.update.body,
      submit: (body) => update.mutateAsync({ body }),
      initialValues: (row) => ({
        id: row.id,
        name: row.name,
        nameZh: row.nameZh,
        nameEn: row.nameEn,
        contactName: row.contactName,
        ...(row.areaCode ? { areaCode: row.areaCode } : {}),
        contactPhone: row.contactPhone,
        province: row.province,
        city: row.city,
        district: row.district,
        address: row.address,
        creditCode: row.creditCode,
        appid: row.appid || undefined,
        timeZone: row.timeZone,
        leasing: row.leasing,
        rentalDomestic: row.rentalDomestic,
        rentalForeign: row.rentalForeign,
      }),
    },
  };
}

/** /userManagement/lessor: the rental companies on the platform; the operator's administrator onboards them. */
export function LessorsPage() {
  const { t } = useTranslation('lessors');
  const fields = useLessorFields();
  const form = useLessorForm();
  const brands = useBrands().data?.list ?? [];
  const onboards = useHasRole([ROLE.companyAdmin]);
  return (
    <>
      <Alert type="info" showIcon message={t('intro')} style={{ marginBottom: 16 }} />
      <RegistryPage
        area="lessors"
        resource="list"
        endpoint={lessorEndpoints.list}
        rowKey="id"
        title={t('title')}
        exportName={t('exportName')}
        filters={[
          ...fields.filters(['keyword']),
          {
            name: 'appid',
            label: t('brand'),
            input: (
              <Select
                allowClear
                style={{ width: 180 }}
                placeholder={t('brand')}
                options={brands.map((b) => ({ value: b.appid, label: b.name }))}
              />
            ),
          },
        ]}
        columns={fields.columns([
          'name',
          'brandName',
          'admins',
          'contactName',
          'contactPhone',
          'address',
          'creditCode',
          'settings',
          'timeZone',
          'customerCount',
          'deviceCount',
          'createdAt',
        ])}
        canCreate={onboards}
        addLabel={t('add')}
        form={form}
      />
    </>
  );
}
