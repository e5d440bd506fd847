import { Card, Col, ColorPicker, Form, Input, Radio, Row, Select, Space, Tag, Typography } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { themeEndpoints, type ThemeRow } from '@console/contract/http/themes';
import { themeScreens } from '@console/contract/screens/themes';
import { Field, SchemaForm } from '../../../components/schema-form.tsx';
import { UploadField } from '../../../components/upload-field.tsx';
import { endpointQuery, readsOf, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useBrand } from '../../../lib/brand.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';

const COLOURS = ['color', 'header', 'sidebar', 'sidebarText', 'versionBg', 'versionText'] as const;

/** A colour field: the picker with its #rrggbb text, the form holding the text. */
function ColourField({ name }: { name: (typeof COLOURS)[number] }) {
  const { t } = useTranslation('themes');
  return (
    <Field name={name} label={t(name)} getValueFromEvent={(colour: Color) => colour.toHexString()}>
      <ColorPicker showText format="hex" disabledAlpha aria-label={t(name)} />
    </Field>
  );
}

/** The console's shell as the brand will show it, drawn from the form's values as they are typed. */
function Preview({ current }: { current: ThemeRow }) {
  const { t, i18n } = useTranslation('themes');
  const form = Form.useFormInstance();
  const v = (Form.useWatch([], form) ?? {}) as Partial<Record<string, string>>;
  const logo = v.logo || current.logoUrl;
  const title = (i18n.language.startsWith('zh') ? v.titleZh : v.titleEn) || '';
  return (
    <Card size="small" title={t('preview')} aria-label={t('preview')}>
      <div style={{ border: '1px solid #e5e5e5', borderRadius: 6, overflow: 'hidden' }}>
        <div
          data-testid="preview-header"
          style={{ background: v.header, color: '#fff', display: 'flex', alignItems: 'center', gap: 8, padding: 8 }}
        >
          <img src={logo} alt={t('logo')} style={{ height: 24 }} />
          <strong>{title}</strong>
          <Tag style={{ background: v.versionBg, color: v.versionText, border: 0 }}>v0.00</Tag>
        </div>
        <div style={{ display: 'flex', height: 140 }}>
          <div
            data-testid="preview-sidebar"
            style={{ background: v.sidebar, color: v.sidebarText, width: 110, padding: 8 }}
          >
            <div>{t('previewMenu1')}</div>
            <div style={{ opacity: 0.8 }}>{t('previewMenu2')}</div>
          </div>
          <div style={{ flex: 1, padding: 12 }}>
            <span style={{ background: v.color, color: '#fff', padding: '4px 12px', borderRadius: 4 }}>
              {t('previewButton')}
            </span>
          </div>
        </div>
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('previewTitle', { title })}
      </Typography.Paragraph>
    </Card>
  );
}

/** /systemSetting/theme: a brand's colours, logo, title and region, with the console's look as it will be. */
export function ThemePage() {
  const { t } = useTranslation('themes');
  const { query, update } = useScreenQuery(themeScreens.theme);
  const here = useBrand().appid;
  const themes = useQuery(endpointQuery(themeEndpoints.list));
  const save = useEndpointMutation(themeEndpoints.save, { invalidates: readsOf(themeEndpoints), silent: true });
  const list = themes.data?.list ?? [];
  const current = list.find((b) => b.appid === (query.appid || here)) ?? list[0];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <Space>
        <span>{t('brand')}</span>
        <Select
          aria-label={t('brand')}
          style={{ width: 240 }}
          value={current?.appid}
          loading={themes.isPending}
          onChange={(appid: string) => update({ appid })}
          options={list.map((b) => ({ value: b.appid, label: `${b.brand} (${b.appid})` }))}
        />
      </Space>
      {current && (
        <SchemaForm
          key={`${current.appid}-${current.logoUrl}-${current.color}`}
          schema={themeEndpoints.save.body}
          initialValues={{ ...current, logo: '' }}
          onSubmit={(body) => save.mutateAsync({ body })}
          successMessage={t('saved')}
          submitText={t('save')}
        >
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <Field name="appid" hidden>
                <Input />
              </Field>
              {COLOURS.map((name) => (
                <ColourField key={name} name={name} />
              ))}
              <Field name="titleZh" label={t('titleZh')}>
                <Input maxLength={40} />
              </Field>
              <Field name="titleEn" label={t('titleEn')}>
                <Input maxLength={60} />
              </Field>
              <Field name="region" label={t('region')} extra={t('regionExtra')}>
                <Radio.Group
                  options={[
                    { value: 'zh', label: t('regions.zh') },
                    { value: 'global', label: t('regions.global') },
                  ]}
                />
              </Field>
              <Field name="logo" label={t('logo')} extra={t('logoExtra')}>
                <UploadField kind="image" isPublic />
              </Field>
            </Col>
            <Col xs={24} lg={12}>
              <Preview current={current} />
            </Col>
          </Row>
        </SchemaForm>
      )}
    </Space>
  );
}
