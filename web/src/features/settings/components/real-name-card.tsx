import { Alert, Card, Descriptions, Form, Input, Radio, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ID_TYPE } from '@console/contract/codes/approvals';
import { VERIFY_STATUS } from '@console/contract/codes/accounts';
import { realNameFormFor, verificationEndpoints, type MyRealName } from '@console/contract/http/approvals';
import { settingsEndpoints } from '@console/contract/http/settings';
import type { TaxRegime } from '@console/contract/codes/tax-regimes';
import { numericCodeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Field, SchemaForm } from '../../../components/schema-form.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { profileQuery } from '../api/profile.ts';
import { useBrand } from '../../../lib/brand.ts';

/** The number's label and hint: an ABN or a driver licence under the Australian brand (decision 064). */
const idNumberLabels = (regime: TaxRegime, company: boolean) =>
  regime === 'auGst'
    ? company
      ? ({ label: 'realName.abn', hint: 'realName.abnHint' } as const)
      : ({ label: 'realName.driverLicence', hint: 'realName.driverLicenceHint' } as const)
    : company
      ? ({ label: 'realName.creditCode', hint: 'realName.creditCodeHint' } as const)
      : ({ label: 'realName.idCard', hint: 'realName.idCardHint' } as const);

/** Type 1 a person (name, ID card), type 2 a company (its name, credit code): the type picks the labels. */
function RealNameFields() {
  const { t } = useTranslation('settings');
  const label = useCodeLabel();
  const company = Form.useWatch<number | undefined>('idType') === 2;
  const number = idNumberLabels(useBrand().info.taxRegime, company);
  return (
    <>
      <Field name="idType" label={t('realName.idType')}>
        <Radio.Group options={numericCodeOptions(label, ID_TYPE)} optionType="button" />
      </Field>
      <Field name="name" label={t(company ? 'realName.companyName' : 'realName.name')}>
        <Input maxLength={100} autoComplete="off" />
      </Field>
      <Field name="idNumber" dependencies={['idType']} label={t(number.label)} extra={t(number.hint)}>
        <Input maxLength={30} autoComplete="off" style={{ textTransform: 'uppercase' }} />
      </Field>
    </>
  );
}

/** What was submitted, masked as the server answers it (decision 043). */
function Submitted({ mine }: { mine: MyRealName }) {
  const { t } = useTranslation('settings');
  const label = useCodeLabel();
  const number = idNumberLabels(useBrand().info.taxRegime, mine.idType === 2);
  return (
    <Descriptions column={1} bordered size="small" styles={{ label: { width: 150 } }}>
      <Descriptions.Item label={t('realName.idType')}>
        {mine.idType ? label(ID_TYPE, mine.idType) : '-'}
      </Descriptions.Item>
      <Descriptions.Item label={t(mine.idType === 2 ? 'realName.companyName' : 'realName.name')}>
        {mine.name || '-'}
      </Descriptions.Item>
      <Descriptions.Item label={t(number.label)}>{mine.idNumber || '-'}</Descriptions.Item>
      {mine.submittedAt && <Descriptions.Item label={t('realName.submittedAt')}>{mine.submittedAt}</Descriptions.Item>}
      {mine.decidedAt && <Descriptions.Item label={t('realName.decidedAt')}>{mine.decidedAt}</Descriptions.Item>}
    </Descriptions>
  );
}

/**
 * One's own real-name verification (decision 047): the state, what was submitted (masked), the reviewer's reason
 * when rejected, and the form while nothing is under review or verified; the number is checked as the server does.
 */
export function RealNameCard() {
  const { t } = useTranslation('settings');
  const mineQuery = useQuery(endpointQuery(verificationEndpoints.mine));
  const profile = useQuery(profileQuery());
  const regime = useBrand().info.taxRegime;
  // Silent: the form shows a refusal on its field.
  const submit = useEndpointMutation(verificationEndpoints.submitRealName, {
    silent: true,
    invalidates: [verificationEndpoints.mine, settingsEndpoints.profile],
  });
  return (
    <Card
      title={t('realName.title')}
      extra={mineQuery.data && <StatusBadge table={VERIFY_STATUS} value={mineQuery.data.state} />}
    >
      <QueryState query={mineQuery}>
        {(mine) => (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <span>{t(`realName.hint.${mine.state}`)}</span>
            {mine.state === 'rejected' && (
              <Alert type="error" showIcon title={t('realName.reason', { reason: mine.reason })} />
            )}
            {mine.state !== 'none' && <Submitted mine={mine} />}
            {(mine.state === 'none' || mine.state === 'rejected') && (
              <SchemaForm
                schema={realNameFormFor(profile.data?.areaCode ?? '86', regime)}
                initialValues={{ idType: mine.idType === 2 ? 2 : 1 }}
                onSubmit={(body) => submit.mutateAsync({ body })}
                successMessage={t('realName.submitted')}
                submitText={t(mine.state === 'rejected' ? 'realName.resubmit' : 'realName.submit')}
              >
                <RealNameFields />
              </SchemaForm>
            )}
          </Space>
        )}
      </QueryState>
    </Card>
  );
}
