import { Card, Input } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settingsEndpoints } from '@console/contract/http/settings';
import { QueryState } from '../../../components/query-state.tsx';
import { Field, SchemaForm } from '../../../components/schema-form.tsx';
import { UploadField } from '../../../components/upload-field.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { applyProfile, profileQuery } from '../api/profile.ts';

/** The own profile: avatar (a public image under 2M), nickname, name, e-mail and introduction. */
export function ProfileCard() {
  const { t } = useTranslation(['settings', 'common']);
  const queryClient = useQueryClient();
  // Silent: the form shows a refusal on its field.
  const save = useEndpointMutation(settingsEndpoints.updateProfile, { silent: true });
  const query = useQuery(profileQuery());
  return (
    <Card title={t('profile.title')}>
      <QueryState query={query}>
        {(profile) => (
          <SchemaForm
            schema={settingsEndpoints.updateProfile.body}
            initialValues={profile}
            onSubmit={(body) => save.mutateAsync({ body })}
            onSuccess={(updated) => applyProfile(queryClient, updated)}
            successMessage={t('common:saved')}
          >
            <Field name="avatar" label={t('profile.avatar')} extra={t('profile.avatarHint')}>
              <UploadField kind="image" isPublic />
            </Field>
            <Field name="nickname" label={t('profile.nickname')}>
              <Input maxLength={40} />
            </Field>
            <Field name="name" label={t('profile.name')}>
              <Input maxLength={40} />
            </Field>
            <Field name="email" label={t('profile.email')}>
              <Input inputMode="email" autoComplete="email" maxLength={100} />
            </Field>
            <Field name="introduction" label={t('profile.introduction')}>
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Field>
          </SchemaForm>
        )}
      </QueryState>
    </Card>
  );
}
