import { Card, Carousel, Empty, Image, InputNumber, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  BANNER_CATEGORY,
  BANNER_MODE,
  BANNER_STATE,
  bannerEndpoints,
  type BannerRow,
} from '@console/contract/http/banners';
import { defineFields } from '../../../components/fields.tsx';
import { DayField } from '../../../components/picker-fields.tsx';
import { RegistryPage, useRecordWrites } from '../../../components/registry-page.tsx';
import { UploadField } from '../../../components/upload-field.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

const useBannerFields = defineFields<BannerRow>()('banners', {
  image: {
    label: 'image',
    noExport: true,
    cell: (row) => <Image src={row.image} width={96} height={40} style={{ objectFit: 'contain' }} />,
    form: { input: () => <UploadField kind="image" isPublic />, extra: 'imageExtra', dependencies: ['category'] },
  },
  title: { label: 'bannerTitle', form: { maxLength: 40 } },
  category: { label: 'category', kind: 'code', table: BANNER_CATEGORY, filter: { width: 140 }, form: true },
  mode: { label: 'mode', kind: 'code', table: BANNER_MODE, form: { radio: true } },
  state: { label: 'state', kind: 'code', table: BANNER_STATE, filter: { width: 140 } },
  sortOrder: {
    label: 'sortOrder',
    kind: 'number',
    sortable: true,
    form: { input: () => <InputNumber<number> min={0} max={999} precision={0} /> },
  },
  shownFrom: { label: 'shownFrom', kind: 'day', sortable: true, form: { input: () => <DayField /> } },
  shownTo: { label: 'shownTo', kind: 'day', form: { input: () => <DayField />, dependencies: ['shownFrom'] } },
  link: { label: 'link', ellipsis: true, form: { extra: 'linkExtra', maxLength: 200, dependencies: ['mode'] } },
  enabled: { label: 'enabled', form: { valuePropName: 'checked', input: () => <Switch /> } },
  updatedByName: { label: 'updatedBy', defaultHidden: true },
  updatedAt: { label: 'updatedAt', kind: 'moment', sortable: true },
  keyword: { label: 'keyword', filter: { placeholder: 'keywordPlaceholder', maxLength: 40 } },
});

const FORM = ['title', 'category', 'image', 'mode', 'link', 'sortOrder', 'shownFrom', 'shownTo', 'enabled'] as const;

/** What the brand's app shows on its home page today: the server's answer to the app, not this list. */
const HOME = { category: 'home' } as const;
function TodayInTheApp() {
  const { t } = useTranslation('banners');
  const live = useQuery(endpointQuery(bannerEndpoints.live, HOME));
  const list = live.data?.list ?? [];
  return (
    <Card size="small" title={t('today')} style={{ maxWidth: 480, marginBottom: 16 }} loading={live.isPending}>
      {list.length === 0 ? (
        <Empty description={t('noneToday')} />
      ) : (
        <Carousel autoplay arrows>
          {list.map((banner) => (
            // The picture alone, as the app shows it; the title is the staff's name for it.
            <div key={banner.id}>
              <img
                src={banner.image}
                alt={banner.title}
                title={banner.title}
                style={{ height: 140, margin: '0 auto' }}
              />
            </div>
          ))}
        </Carousel>
      )}
    </Card>
  );
}

/** /systemSetting/bannerSetting: the banners of this brand's app, in every state; the app shows today's live ones. */
export function BannersPage() {
  const { t } = useTranslation('banners');
  const fields = useBannerFields();
  const writes = useRecordWrites('banners', bannerEndpoints, {
    width: 640,
    fields: () => fields.formItems(FORM),
    initialValues: { enabled: true, sortOrder: 10, category: 'home', mode: 'h5' },
    edit: (row) => ({ id: row.id, ...Object.fromEntries(FORM.map((key) => [key, row[key]])) }),
  });
  return (
    <>
      <TodayInTheApp />
      <RegistryPage
        area="banners"
        resource="list"
        endpoint={bannerEndpoints.list}
        rowKey="id"
        title={t('title')}
        exportName={t('exportName')}
        filters={fields.filters(['state', 'category', 'keyword'])}
        columns={fields.columns([
          'image',
          'title',
          'category',
          'state',
          'sortOrder',
          'shownFrom',
          'shownTo',
          'mode',
          'link',
          'updatedByName',
          'updatedAt',
        ])}
        canCreate
        {...writes}
      />
    </>
  );
}
