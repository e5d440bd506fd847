import { Card, Descriptions, Image, Input, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VERIFY_STATUS } from '@console/contract/codes/accounts';
import { settingsEndpoints, verificationFormFor, type CompanyProfile } from '@console/contract/http/settings';
import { Field, SchemaForm } from '../../../components/schema-form.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { UploadField } from '../../../components/upload-field.tsx';
import { useFileUrls } from '../../../components/use-file-urls.ts';
import { useBrand } from '../../../lib/brand.ts';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { applyCompany } from '../api/company.ts';

/**
 * Enterprise verification: registration number, legal person and business licence. It can be submitted while
 * none or rejected; under review or approved it is shown as submitted.
 */
export function VerificationCard({ company }: { company: CompanyProfile }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  // Silent: the form shows a refusal on its field.
  const save = useEndpointMutation(settingsEndpoints.submitVerification, { silent: true });
  const { verification } = company;
  const open = verification.status === 'none' || verification.status === 'rejected';
  const licence = useFileUrls([verification.licenseImage])[verification.licenseImage];
  // The registration number of the brand's country: a credit code in China, an ABN in Australia (decision 064).
  const { taxRegime } = useBrand().info;
  const idLabel = taxRegime === 'auGst' ? 'abn' : 'creditCode';
  return (
    <Card title={t('verification.title')} extra={<StatusBadge table={VERIFY_STATUS} value={verification.status} />}>
      {open && company.canEdit ? (
        <SchemaForm
          schema={verificationFormFor(taxRegime)}
          initialValues={verification}
          onSubmit={(body) => save.mutateAsync({ body })}
          onSuccess={(updated) => applyCompany(queryClient, updated)}
          successMessage={t('verification.submitted')}
          submitText={t('verification.submit')}
        >
          {verification.status === 'rejected' && <p>{t('verification.rejectedHint')}</p>}
          <Field name="creditCode" label={t(`verification.${idLabel}`)} extra={t(`verification.${idLabel}Hint`)}>
            <Input
              maxLength={24}
              placeholder={t(`verification.${idLabel}Placeholder`)}
              style={{ textTransform: 'uppercase' }}
            />
          </Field>
          <Field name="legalPerson" label={t('verification.legalPerson')}>
            <Input maxLength={40} />
          </Field>
          <Field name="licenseImage" label={t('verification.licence')} extra={t('verification.licenceHint')}>
            <UploadField kind="image" />
          </Field>
        </SchemaForm>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <span>{t(`verification.hint.${verification.status}`)}</span>
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 180 } }}>
            <Descriptions.Item label={t(`verification.${idLabel}`)}>{verification.creditCode || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('verification.legalPerson')}>
              {verification.legalPerson || '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('verification.licence')}>
              {licence ? <Image src={licence} width={160} alt={t('verification.licence')} /> : '-'}
            </Descriptions.Item>
          </Descriptions>
        </Space>
      )}
    </Card>
  );
}
