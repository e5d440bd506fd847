import { Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { APP_PLATFORM, appReleaseEndpoints, type ReleaseRow } from '@console/contract/http/app-releases';
import { defineFields } from '../../../components/fields.tsx';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { readsOf, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { AppSettingsCard } from '../components/app-settings-card.tsx';

const useReleaseFields = defineFields<ReleaseRow>()('app-releases', {
  platform: { label: 'platform', kind: 'code', table: APP_PLATFORM, filter: { width: 140 }, form: { radio: true } },
  version: {
    label: 'version',
    cell: (row, { t }) => (
      <>
        {row.version} {row.latest && <Tag color="green">{t('latest')}</Tag>}
      </>
    ),
    form: { extra: 'versionExtra', maxLength: 14 },
  },
  mandatory: {
    label: 'mandatory',
    value: (row, { t }) => t(row.mandatory ? 'yes' : 'no'),
    form: { valuePropName: 'checked', input: () => <Switch />, extra: 'mandatoryExtra' },
  },
  notes: { label: 'notes', kind: 'long', form: { rows: 4, maxLength: 1000 } },
  downloadUrl: { label: 'downloadUrl', ellipsis: true, form: { maxLength: 300 } },
  publishedByName: { label: 'publishedBy' },
  publishedAt: { label: 'publishedAt', kind: 'moment' },
});

const DETAILS = ['notes', 'downloadUrl', 'mandatory'] as const;
const READS = readsOf(appReleaseEndpoints);

/**
 * /systemSetting/appSetting: the app's own settings of this brand, and the releases of its app; the newest of a
 * platform is offered at the app's start.
 */
export function AppReleasesPage() {
  const { t } = useTranslation('app-releases');
  const fields = useReleaseFields();
  const publish = useEndpointMutation(appReleaseEndpoints.publish, { invalidates: READS, silent: true });
  const update = useEndpointMutation(appReleaseEndpoints.update, { invalidates: READS, silent: true });
  const withdraw = useEndpointMutation(appReleaseEndpoints.withdraw, { invalidates: READS });
  return (
    <>
      <AppSettingsCard />
      <RegistryPage
        area="app-releases"
        resource="list"
        endpoint={appReleaseEndpoints.list}
        rowKey="id"
        title={t('title')}
        exportName={t('exportName')}
        filters={fields.filters(['platform'])}
        columns={fields.columns([
          'platform',
          'version',
          'mandatory',
          'notes',
          'downloadUrl',
          'publishedByName',
          'publishedAt',
        ])}
        canCreate
        addLabel={t('add')}
        form={{
          width: 640,
          // A published version stays what it is; its notes, address and whether it is required may change.
          fields: (row) => fields.formItems(row ? DETAILS : ['platform', 'version', ...DETAILS]),
          create: {
            title: t('addTitle'),
            schema: appReleaseEndpoints.publish.body,
            submit: (body) => publish.mutateAsync({ body }),
            initialValues: { platform: 'android', mandatory: false },
          },
          update: {
            title: (row) => t('editTitle', { platform: t(`platforms.${row.platform}`), version: row.version }),
            schema: appReleaseEndpoints.update.body,
            submit: (body) => update.mutateAsync({ body }),
            initialValues: (row) => ({ id: row.id, ...Object.fromEntries(DETAILS.map((key) => [key, row[key]])) }),
          },
        }}
        remove={{
          confirm: (row) => t(row.latest ? 'withdrawLatestConfirm' : 'withdrawConfirm', { version: row.version }),
          submit: (row) => withdraw.mutateAsync({ body: { id: row.id } }),
          done: t('withdrawn'),
        }}
      />
    </>
  );
}
