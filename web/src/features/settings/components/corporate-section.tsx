import type { ReactNode } from 'react';
import { Alert, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CompanyProfile } from '@console/contract/http/settings';
import { QueryState } from '../../../components/query-state.tsx';
import { companyQuery } from '../api/company.ts';

/** Loads the own company for the corporate cards; a reader who may not edit is told so once, on top. */
export function CorporateSection({ children }: { children: (company: CompanyProfile) => ReactNode }) {
  const { t } = useTranslation('settings');
  const query = useQuery(companyQuery());
  return (
    <QueryState query={query}>
      {(company) => (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {!company.canEdit && <Alert type="info" showIcon title={t('company.readOnly')} />}
          {children(company)}
        </Space>
      )}
    </QueryState>
  );
}
