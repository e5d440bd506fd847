import { Alert, Card, Descriptions, Form, Input, Radio, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ID_TYPE } from '@console/contract/codes/approvals';
import { VERIFY_STATUS } from '@console/contract/codes/accounts';
import {
  realNameFormFor,
  verificationEndpoints,
  type MyRealName,
  type RealNameCompany,
} from '@console/contract/http/approvals';
import { settingsEndpoints } from '@console/contract/http/settings';
import { identityLabels, partyDocumentLabel, type IdentityLabels } from '@console/contract/lease/renter-identity';
import { numericCodeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Field, SchemaForm } from '../../../components/schema-form.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { profileQuery } from '../api/profile.ts';

/**
 * The number's label and hint, as the server checks it (realNameNumberError, decision 064): a person's document of
 * their own country, by their mobile's area code (a driver licence at +61, an ID card at +86, a passport elsewhere);
 * a company's registration number of its brand's tax regime (a credit code under a Chinese brand, an ABN for an
 * Australian company of the global brand, its own country's number for a company abroad).
 */
type Document = IdentityLabels['idNumber'] extends `renter.${infer D}` ? D : never;
function idNumberLabels(areaCode: string, company: RealNameCompany | null) {
  const key = company
    ? identityLabels(company.taxRegime, 2, { province: company.province }).idNumber
    : partyDocumentLabel(1, { areaCode });
  const document = key.replace('renter.', '') as Document;
  return { label: `realName.${document}`, hint: `realName.${document}Hint` } as const;
}

/** The signed-in person's mobile's area code (the mainland's until the profile is read). */
const useAreaCode = () => useQuery(profileQuery()).data?.areaCode ?? '86';

/** Type 1 a person (name, ID card), type 2 a company (its name, credit code): the type picks the labels. */
function RealNameFields({ of }: { of: RealNameCompany }) {
  const { t } = useTranslation('settings');
  const label = useCodeLabel();
  const company = Form.useWatch<number | undefined>('idType') === 2;
  const number = idNumberLabels(useAreaCode(), company ? of : null);
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
  const number = idNumberLabels(useAreaCode(), mine.idType === 2 ? mine.company : null);
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
  const areaCode = useAreaCode();
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
                schema={realNameFormFor(areaCode, mine.company)}
                initialValues={{ idType: mine.idType === 2 ? 2 : 1 }}
                onSubmit={(body) => submit.mutateAsync({ body })}
                successMessage={t('realName.submitted')}
                submitText={t(mine.state === 'rejected' ? 'realName.resubmit' : 'realName.submit')}
              >
                <RealNameFields of={mine.company} />
              </SchemaForm>
            )}
          </Space>
        )}
      </QueryState>
    </Card>
  );
}
