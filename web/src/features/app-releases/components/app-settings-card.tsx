import { Card, Input, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { appReleaseEndpoints } from '@console/contract/http/app-releases';
import { Field, SchemaForm } from '../../../components/schema-form.tsx';
import { endpointQuery, readsOf, useEndpointMutation } from '../../../lib/endpoint-query.ts';

/** The app's own settings of this brand (decision 053, addendum): customer service, agreements, "about". */
export function AppSettingsCard() {
  const { t } = useTranslation('app-releases');
  const current = useQuery(endpointQuery(appReleaseEndpoints.settings));
  const save = useEndpointMutation(appReleaseEndpoints.saveSettings, {
    invalidates: readsOf(appReleaseEndpoints),
    silent: true,
  });
  const saved = current.data;
  return (
    <Card title={t('settings.title')} loading={current.isPending} style={{ maxWidth: 720, marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        {saved ? (
          // The person's name is data, in whatever language it was entered (data-records).
          <Trans
            t={t}
            i18nKey="settings.savedBy"
            values={{ name: saved.updatedByName, at: saved.updatedAt }}
            components={[<span key="name" data-records />]}
          />
        ) : (
          t('settings.none')
        )}
      </Typography.Paragraph>
      {!current.isPending && (
        <SchemaForm
          // A new form once the saved settings arrive, so it starts from them.
          key={saved?.updatedAt ?? 'new'}
          schema={appReleaseEndpoints.saveSettings.body}
          initialValues={saved ?? {}}
          onSubmit={(body) => save.mutateAsync({ body })}
          successMessage={t('settings.saved')}
          submitText={t('settings.save')}
        >
          <Field name="servicePhone" label={t('settings.servicePhone')}>
            <Input maxLength={20} inputMode="tel" />
          </Field>
          <Field name="serviceHours" label={t('settings.serviceHours')} extra={t('settings.serviceHoursExtra')}>
            <Input maxLength={60} />
          </Field>
          <Field name="serviceEmail" label={t('settings.serviceEmail')}>
            <Input maxLength={100} inputMode="email" />
          </Field>
          <Field name="agreementUrl" label={t('settings.agreementUrl')}>
            <Input maxLength={300} placeholder="https://" />
          </Field>
          <Field name="privacyUrl" label={t('settings.privacyUrl')}>
            <Input maxLength={300} placeholder="https://" />
          </Field>
          <Field name="about" label={t('settings.about')}>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Field>
        </SchemaForm>
      )}
    </Card>
  );
}
