import { useQuery } from '@tanstack/react-query';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { productEndpoints, type ProductRow } from '@console/contract/http/products';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { YuanInput } from '../../../components/yuan-input.tsx';
import { currencyVariablesOf } from '../../../lib/money.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { PRODUCT_READS } from '../api.ts';
import { useProductFields } from '../fields.tsx';
import { SharesInput } from './shares-input.tsx';

const FORM = [
  'category',
  'name',
  'nameZh',
  'nameEn',
  'image',
  'spec',
  'specZh',
  'specEn',
  'amountCents',
  'description',
  'descriptionZh',
  'descriptionEn',
  'keyAttributes',
  'otherAttributes',
  'salesAttributes',
] as const;

/** The create and edit dialogs of a product: every item, the revenue-sharing plan included, is required. */
export function useProductForm(): RegistryForm<
  ProductRow,
  typeof productEndpoints.create.body,
  typeof productEndpoints.update.body
> {
  const { t } = useTranslation('products');
  const fields = useProductFields();
  const options = useQuery(endpointQuery(productEndpoints.options, {}));
  const create = useEndpointMutation(productEndpoints.create, { invalidates: PRODUCT_READS, silent: true });
  const update = useEndpointMutation(productEndpoints.update, { invalidates: PRODUCT_READS, silent: true });
  /** A text kept in Chinese and in English too (decision 064): the pair side by side, under its own-language one. */
  const inTwoLanguages = (zh: (typeof FORM)[number], en: (typeof FORM)[number]) => (
    <Row gutter={12}>{fields.formItems([zh, en], { wrap: (item) => <Col span={12}>{item}</Col> })}</Row>
  );
  return {
    width: 760,
    fields: (row) => (
      <>
        {fields.formItems(['category', 'name'])}
        {inTwoLanguages('nameZh', 'nameEn')}
        {fields.formItems(['image', 'spec'])}
        {inTwoLanguages('specZh', 'specEn')}
        {/* A product kept is in its company's currency; a new one in the user's company's (decision 064). */}
        <Field name="amountCents" label={t('product.amount', currencyVariablesOf(row?.money ?? options.data?.money))}>
          <YuanInput min={0.01} />
        </Field>
        {fields.formItems(['description'])}
        {inTwoLanguages('descriptionZh', 'descriptionEn')}
        {fields.formItems(['keyAttributes', 'otherAttributes', 'salesAttributes'])}
        <Field name="shares" label={t('product.shares')} extra={t('share.extra')}>
          <SharesInput distributors={options.data?.distributors ?? []} />
        </Field>
      </>
    ),
    create: {
      title: t('product.addTitle'),
      schema: productEndpoints.create.body,
      submit: (body) => create.mutateAsync({ body }),
      initialValues: { shares: [{}] as never },
    },
    update: {
      title: (row) => t('product.editTitle', { name: row.name }),
      schema: productEndpoints.update.body,
      submit: (body) => update.mutateAsync({ body }),
      initialValues: (row) => ({
        id: row.id,
        ...Object.fromEntries(FORM.map((key) => [key, row[key]])),
        shares: row.shares.map(({ distributorId, basisPoints }) => ({ distributorId, basisPoints })),
      }),
    },
  };
}
