import { Descriptions, Drawer } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bindEndpoints } from '@console/contract/http/approvals';
import { QueryState } from '../../../components/query-state.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useBindFields } from '../fields.tsx';
import { DecisionActions } from './decision-actions.tsx';

/** A binding request: who asks what of whom, and how it was decided; approve or reject it while under review. */
export function BindDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('approvals');
  const fields = useBindFields();
  const query = useQuery({ ...endpointQuery(bindEndpoints.detail, { id: id ?? 0 }), enabled: !!id });
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={600}
      title={t('bind.detailTitle')}
      extra={query.data && <DecisionActions queue="bind" rows={[query.data.request]} />}
    >
      <QueryState query={query}>
        {({ request }) => (
          <Descriptions
            column={1}
            bordered
            size="small"
            items={fields.descriptions(request, [
              'kind',
              'state',
              'orgName',
              'orgKind',
              'requesterMobile',
              'requesterNickname',
              'requesterName',
              'requesterOrgName',
              ...(request.kind === 'machine' ? (['serialNumber'] as const) : []),
              'note',
              ...(request.kind === 'join' ? (['roleId'] as const) : []),
              'reason',
              'decidedByName',
              'decidedAt',
              'createdAt',
            ])}
          />
        )}
      </QueryState>
    </Drawer>
  );
}
