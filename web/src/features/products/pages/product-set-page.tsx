import { useState } from 'react';
import { App, Button, Card, Descriptions, Drawer, Image, Space, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { productEndpoints, type ProductRow } from '@console/contract/http/products';
import { productScreens } from '@console/contract/screens/products';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { usePageSearch, useScreenQuery } from '../../../lib/screen-query.ts';
import { PRODUCT_READS, useIsLeasePriceWriter, useIsProductWriter } from '../api.ts';
import { LeasePriceDialog } from '../components/lease-price-dialog.tsx';
import { useProductForm } from '../components/product-form.tsx';
import { LEASE_PRICE_COLUMNS, PRODUCT_COLUMNS, readerText, useLeasePriceFields, useProductFields } from '../fields.tsx';

/** One product, every item of it. */
function ProductDrawer({ product, onClose }: { product: ProductRow | null; onClose: () => void }) {
  const { t } = useTranslation('products');
  const fields = useProductFields();
  return (
    <Drawer
      open={product !== null}
      onClose={onClose}
      width={720}
      title={product ? readerText(product.name, product.nameZh, product.nameEn) : t('product.detailTitle')}
    >
      {product && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Image src={product.image} width={160} />
          <Descriptions
            column={1}
            bordered
            size="small"
            items={fields.descriptions(product, [
              'category',
              'nameZh',
              'nameEn',
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
              'shares',
              'shareTotal',
              'orgName',
              'updatedAt',
            ])}
          />
        </Space>
      )}
    </Drawer>
  );
}

/** The shop's products: price, attributes and the distributors' shares. */
function ProductsTab() {
  const { t } = useTranslation('products');
  const fields = useProductFields();
  const form = useProductForm();
  const remove = useEndpointMutation(productEndpoints.remove, { invalidates: PRODUCT_READS });
  const [open, setOpen] = useState<ProductRow | null>(null);
  return (
    <>
      <RegistryPage
        area="products"
        resource="products"
        endpoint={productEndpoints.list}
        rowKey="id"
        title={t('tabs.products')}
        exportName={t('product.exportName')}
        filters={fields.filters(['category', 'keyword'])}
        columns={fields.columns(PRODUCT_COLUMNS, {
          name: {
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => setOpen(row)}>
                {readerText(row.name, row.nameZh, row.nameEn)}
              </Button>
            ),
          },
        })}
        canCreate={useIsProductWriter()}
        addLabel={t('product.add')}
        form={form}
        remove={{
          confirm: (row) => t('product.deleteConfirm', { name: readerText(row.name, row.nameZh, row.nameEn) }),
          submit: (row) => remove.mutateAsync({ body: { id: row.id } }),
          done: t('product.deleted'),
        }}
      />
      <ProductDrawer product={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** A rental company's lease price list by model and business model: the contract form's default prices. */
function LeasePricesTab() {
  const { t } = useTranslation(['products', 'common']);
  const { message } = App.useApp();
  const fields = useLeasePriceFields();
  const writer = useIsLeasePriceWriter();
  const remove = useEndpointMutation(productEndpoints.removeLeasePrice, { invalidates: PRODUCT_READS });
  return (
    <ListPage
      area="products"
      resource="leasePrices"
      endpoint={productEndpoints.leasePrices}
      rowKey="id"
      title={t('tabs.leasePrices')}
      exportName={t('lease.exportName')}
      filters={fields.filters(['businessModel'])}
      toolbar={
        writer && (
          <LeasePriceDialog
            trigger={
              <Button type="primary" icon={<PlusOutlined />}>
                {t('lease.add')}
              </Button>
            }
          />
        )
      }
      columns={[
        ...fields.columns(LEASE_PRICE_COLUMNS),
        {
          key: 'actions',
          title: t('common:actions'),
          noExport: true,
          render: (_, row) =>
            row.editable && (
              <Space size={0}>
                <LeasePriceDialog row={row} trigger={<Button type="link">{t('common:edit')}</Button>} />
                <ConfirmButton
                  type="link"
                  danger
                  title={t('lease.deleteConfirm', { model: row.modelName })}
                  onConfirm={async () => {
                    await remove.mutateAsync({ body: { id: row.id } });
                    void message.success(t('lease.deleted'));
                  }}
                >
                  {t('common:delete')}
                </ConfirmButton>
              </Space>
            ),
        },
      ]}
    />
  );
}

/** /productCenter/productSet: price configuration, the shop's products and the lease price list. */
export function ProductSetPage() {
  const { t } = useTranslation('products');
  const { query } = useScreenQuery(productScreens.productSet);
  const { params, update } = usePageSearch();
  const tab = query.tab ?? 'products';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(next) => update({ ...Object.fromEntries([...params.keys()].map((k) => [k, undefined])), tab: next })}
        items={[
          { key: 'products', label: t('tabs.products') },
          { key: 'leasePrices', label: t('tabs.leasePrices') },
        ]}
      />
      {tab === 'products' ? <ProductsTab /> : <LeasePricesTab />}
    </Card>
  );
}
