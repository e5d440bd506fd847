import { Image, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_PLATFORM,
  ACTIVITY_STATE,
  activityEndpoints,
  PUSH_STATE,
  type ActivityRow,
} from '@console/contract/http/activities';
import { defineFields } from '../../../components/fields.tsx';
import { InstantField } from '../../../components/picker-fields.tsx';
import { RegistryPage, useRecordWrites } from '../../../components/registry-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { UploadField } from '../../../components/upload-field.tsx';

/** How a save pushes the activity: not, now, or at the push time. */
function PushModes(props: { value?: string; onChange?: (value: string) => void }) {
  const { t } = useTranslation('activities');
  return (
    <Radio.Group
      {...props}
      onChange={(e) => props.onChange?.(e.target.value as string)}
      options={(['none', 'now', 'scheduled'] as const).map((mode) => ({ value: mode, label: t(`pushModes.${mode}`) }))}
    />
  );
}

const useActivityFields = defineFields<ActivityRow>()('activities', {
  image: {
    label: 'image',
    noExport: true,
    cell: (row) => <Image src={row.image} width={72} height={40} style={{ objectFit: 'contain' }} />,
    form: { input: () => <UploadField kind="image" isPublic /> },
  },
  title: { label: 'activityTitle', form: { maxLength: 60 } },
  platform: {
    label: 'platform',
    kind: 'code',
    table: ACTIVITY_PLATFORM,
    filter: { width: 140 },
    form: { radio: true },
  },
  version: { label: 'version', form: { extra: 'versionExtra', maxLength: 14 } },
  state: { label: 'state', kind: 'code', table: ACTIVITY_STATE, filter: { width: 140 } },
  startAt: { label: 'startAt', kind: 'moment', sortable: true, form: { input: () => <InstantField /> } },
  endAt: {
    label: 'endAt',
    kind: 'moment',
    sortable: true,
    form: { input: () => <InstantField />, dependencies: ['startAt'] },
  },
  pushState: {
    label: 'push',
    value: (row) => row.pushAt,
    cell: (row) =>
      row.pushState ? (
        <Space size={4}>
          <StatusBadge table={PUSH_STATE} value={row.pushState} />
          {row.pushAt}
        </Space>
      ) : (
        '-'
      ),
  },
  push: { label: 'pushMode', form: { input: () => <PushModes /> } },
  pushAt: {
    label: 'pushAt',
    form: { input: () => <InstantField />, extra: 'pushAtExtra', dependencies: ['push', 'endAt'] },
  },
  h5Path: { label: 'h5Path', ellipsis: true, form: { extra: 'h5PathExtra', maxLength: 200 } },
  content: { label: 'content', kind: 'long', ellipsis: true, form: { maxLength: 1000, rows: 4 } },
  createdAt: { label: 'createdAt', kind: 'moment', sortable: true },
  updatedByName: { label: 'updatedBy', defaultHidden: true },
  keyword: { label: 'keyword', filter: { placeholder: 'keywordPlaceholder', maxLength: 60 } },
});

const FORM = [
  'title',
  'platform',
  'version',
  'image',
  'h5Path',
  'content',
  'startAt',
  'endAt',
  'push',
  'pushAt',
] as const;

/**
 * /approvalManagement/activityManagement: the activities of this brand's app, not expired or expired by their end
 * time; saving one can push it to the app's users now or at a set time.
 */
export function ActivitiesPage() {
  const { t } = useTranslation('activities');
  const fields = useActivityFields();
  const writes = useRecordWrites('activities', activityEndpoints, {
    width: 680,
    fields: () => fields.formItems(FORM),
    initialValues: { platform: 'all', version: '', h5Path: '', push: 'now', pushAt: null },
    edit: (row) => ({
      id: row.id,
      title: row.title,
      platform: row.platform,
      version: row.version,
      image: row.image,
      h5Path: row.h5Path,
      content: row.content,
      startAt: row.startMs,
      endAt: row.endMs,
      push: 'none' as const,
      pushAt: null,
    }),
  });
  return (
    <RegistryPage
      area="activities"
      resource="list"
      endpoint={activityEndpoints.list}
      rowKey="id"
      title={t('title')}
      exportName={t('exportName')}
      filters={fields.filters(['platform', 'state', 'keyword'])}
      columns={fields.columns([
        'image',
        'title',
        'state',
        'platform',
        'version',
        'startAt',
        'endAt',
        'pushState',
        'h5Path',
        'content',
        'createdAt',
        'updatedByName',
      ])}
      canCreate
      {...writes}
    />
  );
}
