import { Card, Col, Input, Row } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settingsEndpoints, type CompanyProfile } from '@console/contract/http/settings';
import { Field, SchemaForm } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { applyCompany } from '../api/company.ts';

/** Name, contact and address of the rental company. */
export function CompanyDetailsCard({ company }: { company: CompanyProfile }) {
  const { t } = useTranslation(['settings', 'common']);
  const queryClient = useQueryClient();
  // Silent: the form shows a refusal on its field.
  const save = useEndpointMutation(settingsEndpoints.updateCompanyDetails, { silent: true });
  return (
    <Card title={t('company.title')}>
      <SchemaForm
        schema={settingsEndpoints.updateCompanyDetails.body}
        initialValues={company}
        disabled={!company.canEdit}
        onSubmit={(body) => save.mutateAsync({ body })}
        onSuccess={(updated) => applyCompany(queryClient, updated)}
        successMessage={t('common:saved')}
      >
        <Field name="name" label={t('company.name')}>
          <Input maxLength={100} />
        </Field>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Field name="contactName" label={t('company.contactName')}>
              <Input maxLength={40} />
            </Field>
          </Col>
          <Col xs={24} sm={12}>
            <Field name="contactPhone" label={t('company.contactPhone')}>
              <Input maxLength={20} />
            </Field>
          </Col>
          <Col xs={24} sm={8}>
            <Field name="province" label={t('company.province')}>
              <Input maxLength={40} />
            </Field>
          </Col>
          <Col xs={24} sm={8}>
            <Field name="city" label={t('company.city')}>
              <Input maxLength={40} />
            </Field>
          </Col>
          <Col xs={24} sm={8}>
            <Field name="district" label={t('company.district')}>
              <Input maxLength={40} />
            </Field>
          </Col>
        </Row>
        <Field name="address" label={t('company.address')}>
          <Input maxLength={200} />
        </Field>
      </SchemaForm>
    </Card>
  );
}
