import { useState } from 'react';
import { Card, Descriptions, Switch, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settingsEndpoints, type CompanyProfile } from '@console/contract/http/settings';
import { useConfirm } from '../../../components/confirm-button.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { applyCompany } from '../api/company.ts';

type Kind = 'domestic' | 'foreign';

/** Domestic and foreign rental business: each switched on after a warning, and never off again. */
export function RentalPermissionCard({ company }: { company: CompanyProfile }) {
  const { t } = useTranslation('settings');
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const setPermission = useEndpointMutation(settingsEndpoints.setRentalPermission);
  const [busy, setBusy] = useState<Kind | null>(null);

  const enable = async (kind: Kind) => {
    const label = t(`rental.${kind}`);
    if (!(await confirm({ title: t('rental.enableTitle', { name: label }), content: t('rental.enableWarning') })))
      return;
    setBusy(kind);
    try {
      const updated = await setPermission.mutateAsync({ body: { kind, enabled: true } });
      applyCompany(queryClient, updated);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={t('rental.title')}>
      <Descriptions column={1} bordered size="middle">
        {(['domestic', 'foreign'] as const).map((kind) => {
          const on = company.rental[kind];
          return (
            <Descriptions.Item key={kind} label={t(`rental.${kind}`)}>
              <Switch
                checked={on}
                loading={busy === kind}
                // Once on it stays on (spec section 4): the switch is then only a display.
                disabled={on || !company.canEdit}
                onChange={(checked) => checked && void enable(kind)}
                aria-label={t(`rental.${kind}`)}
              />
              <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
                {on ? t('rental.locked') : t('rental.off')}
              </Typography.Text>
            </Descriptions.Item>
          );
        })}
      </Descriptions>
    </Card>
  );
}
