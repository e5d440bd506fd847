import { Col, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CORPORATE_READERS } from '@console/contract/access/settings';
import { RETENTION_ADMINS } from '@console/contract/http/retention';
import { DetailPage, type DetailTab } from '../../../components/detail-page.tsx';
import { useSession } from '../../../lib/session.ts';
import { CompanyDetailsCard } from '../components/company-details-card.tsx';
import { CorporateSection } from '../components/corporate-section.tsx';
import { InvoiceCard } from '../components/invoice-card.tsx';
import { ProfileCard } from '../components/profile-card.tsx';
import { RealNameCard } from '../components/real-name-card.tsx';
import { RentalPermissionCard } from '../components/rental-permission-card.tsx';
import { RetentionCard } from '../components/retention-card.tsx';
import { SecurityCard } from '../components/security-card.tsx';
import { VerificationCard } from '../components/verification-card.tsx';

/**
 * /setUp: personal settings (?active=first) for everyone; corporate settings (?active=second) for the
 * rental company's administrator, who may change them, and its salesperson, who may read them; system settings
 * (?active=third: how long telemetry is kept) for the operator's administrator.
 */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { roleId } = useSession();
  const tabs: DetailTab<undefined>[] = [
    {
      key: 'first',
      label: t('tabs.personal'),
      render: () => (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <ProfileCard />
          </Col>
          <Col xs={24} xl={10}>
            <Space orientation="vertical" size={16} style={{ width: '100%' }}>
              <SecurityCard />
              <RealNameCard />
            </Space>
          </Col>
        </Row>
      ),
    },
  ];
  if ((CORPORATE_READERS as readonly number[]).includes(roleId)) {
    tabs.push({
      key: 'second',
      label: t('tabs.corporate'),
      render: () => (
        <CorporateSection>
          {(company) => (
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={12}>
                <CompanyDetailsCard company={company} />
              </Col>
              <Col xs={24} xl={12}>
                <VerificationCard company={company} />
              </Col>
              <Col xs={24} xl={12}>
                <InvoiceCard company={company} />
              </Col>
              <Col xs={24} xl={12}>
                <RentalPermissionCard company={company} />
              </Col>
            </Row>
          )}
        </CorporateSection>
      ),
    });
  }
  if ((RETENTION_ADMINS as readonly number[]).includes(roleId)) {
    tabs.push({ key: 'third', label: t('tabs.system'), render: () => <RetentionCard /> });
  }
  return <DetailPage tabs={tabs} tabParam="active" />;
}
