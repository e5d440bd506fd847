import { Card, Descriptions, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { profileQuery } from '../api/profile.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { ChangePhoneDialog } from './change-phone-dialog.tsx';
import { maskPhone } from './mask-phone.ts';

/** Phone number and password, each changed with SMS codes. */
export function SecurityCard() {
  const { t } = useTranslation('settings');
  const query = useQuery(profileQuery());
  return (
    <Card title={t('security.title')}>
      <QueryState query={query}>
        {(profile) => (
          <Descriptions column={1} bordered size="middle" styles={{ label: { width: 150, whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label={t('security.phone')}>
              <Space wrap>
                <span>
                  +{profile.areaCode} {maskPhone(profile.mobile)}
                </span>
                <ChangePhoneDialog profile={profile} />
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('security.password')}>
              <Space wrap>
                <span>••••••••</span>
                <ChangePasswordDialog profile={profile} />
              </Space>
            </Descriptions.Item>
          </Descriptions>
        )}
      </QueryState>
    </Card>
  );
}
