import { Image, Space, Typography } from 'antd';
import { BUSINESS_MODEL } from '@console/contract/codes/business-models';
import { PRODUCT_CATEGORY } from '@console/contract/codes/products';
import type { LeasePriceRow, ProductRow } from '@console/contract/http/products';
import { defineFields } from '../../components/fields.tsx';
import { currentLang } from '../../lib/i18n.ts';
import { UploadField } from '../../components/upload-field.tsx';

/** A product's text in the console's language, else the one it is registered under (decision 064). */
export const readerText = (registered: string, zh: string, en: string) =>
  (currentLang() === 'en' ? en : zh) || registered;

/** A share in basis points as a percentage: 1250 → "12.5%". */
export const sharePercent = (basisPoints: number) => `${basisPoints / 100}%`;

/** The product list's columns (and its CSV's), in their order. */
export const PRODUCT_COLUMNS = [
  'image',
  'name',
  'category',
  'spec',
  'amountCents',
  'currency',
  'keyAttributes',
  'otherAttributes',
  'salesAttributes',
  'shares',
  'orgName',
  'updatedAt',
] as const;

/** A product of the shop (spec section 3, Product): every item of its form is required (section 5). */
export const useProductFields = defineFields<ProductRow>()('products', {
  image: {
    label: 'product.image',
    noExport: true,
    cell: (row) => <Image src={row.image} width={48} height={48} style={{ objectFit: 'contain' }} />,
    form: { input: () => <UploadField kind="image" isPublic /> },
  },
  name: {
    label: 'product.name',
    sortable: true,
    value: (row) => readerText(row.name, row.nameZh, row.nameEn),
    form: { maxLength: 60 },
  },
  nameZh: { label: 'product.nameZh', form: { maxLength: 60 } },
  nameEn: { label: 'product.nameEn', form: { maxLength: 60 } },
  category: { label: 'product.category', kind: 'code', table: PRODUCT_CATEGORY, filter: { width: 150 }, form: true },
  spec: {
    label: 'product.spec',
    value: (row) => readerText(row.spec, row.specZh, row.specEn),
    form: { maxLength: 100 },
  },
  specZh: { label: 'product.specZh', form: { maxLength: 100 } },
  specEn: { label: 'product.specEn', form: { maxLength: 100 } },
  // Its form item is the product form's own: its label names the product's company's currency (decision 064).
  amountCents: { label: 'product.amount', kind: 'money', sortable: true },
  // Rows of companies of several brands share the list (the operator's): each names its currency, and the CSV keeps
  // it beside the plain amounts (decision 064).
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  description: { label: 'product.description', kind: 'long', form: { maxLength: 2000 } },
  descriptionZh: { label: 'product.descriptionZh', kind: 'long', form: { maxLength: 2000 } },
  descriptionEn: { label: 'product.descriptionEn', kind: 'long', form: { maxLength: 2000 } },
  keyAttributes: { label: 'product.keyAttributes', ellipsis: true, form: { maxLength: 500 } },
  otherAttributes: { label: 'product.otherAttributes', ellipsis: true, defaultHidden: true, form: { maxLength: 500 } },
  salesAttributes: { label: 'product.salesAttributes', ellipsis: true, defaultHidden: true, form: { maxLength: 500 } },
  shares: {
    label: 'product.shares',
    value: (row) => row.shares.map((s) => `${s.distributorName} ${sharePercent(s.basisPoints)}`).join('; '),
    cell: (row) => (
      <Space direction="vertical" size={0}>
        {row.shares.map((s) => (
          <Typography.Text key={s.distributorId}>
            {s.distributorName} · {sharePercent(s.basisPoints)}
          </Typography.Text>
        ))}
      </Space>
    ),
  },
  shareTotal: { label: 'product.shareTotal', value: (row) => sharePercent(row.shareTotal) },
  orgName: { label: 'product.org' },
  updatedAt: { label: 'product.updatedAt', kind: 'moment', sortable: true },
  keyword: { label: 'product.keyword', filter: { placeholder: 'product.keywordPlaceholder', maxLength: 60 } },
});

/** The lease price list's columns (and its CSV's), in their order. */
export const LEASE_PRICE_COLUMNS = [
  'modelName',
  'businessModel',
  'dayCents',
  'monthCents',
  'currency',
  'orgName',
  'updatedAt',
] as const;

/** A lease price: the prices its business model shows (spec section 4), in its rental company's currency. */
export const useLeasePriceFields = defineFields<LeasePriceRow>()('products', {
  modelName: { label: 'lease.model', sortable: true },
  businessModel: { label: 'lease.businessModel', kind: 'code', table: BUSINESS_MODEL, filter: { width: 190 } },
  dayCents: { label: 'lease.dayPrice', kind: 'money' },
  monthCents: { label: 'lease.monthPrice', kind: 'money' },
  // Price lists of companies of several brands share the list (the operator's): each names its currency, and the
  // CSV keeps it beside the plain amounts (decision 064).
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  orgName: { label: 'product.org' },
  updatedAt: { label: 'product.updatedAt', kind: 'moment', sortable: true },
});
