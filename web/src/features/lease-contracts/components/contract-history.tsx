import { App, Button, Descriptions, Empty, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CodeTable } from '@console/contract/codes/code-table';
import {
  leaseContractEndpoints,
  LEASE_STATUS_TABLE,
  type ContractDetail,
  type ContractEventRow,
} from '@console/contract/http/lease-contracts';
import { leaseChangeScreens } from '@console/contract/screens/lease-changes';
import { href } from '@console/contract/screens/screen';
import { useCodeLabel } from '../../../components/code-label.ts';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { CONTRACT_READS } from '../api.ts';

/** A contract's (or a change's) timeline and signing, as its detail shows them. */

const EVENT_COLORS: Partial<Record<ContractEventRow['action'], string>> = {
  create: 'blue',
  approve: 'green',
  autoApprove: 'green',
  lessorSigned: 'green',
  reject: 'red',
  terminate: 'red',
  cancelSigning: 'orange',
  withdraw: 'orange',
  close: 'gray',
  cancel: 'gray',
  reschedule: 'orange',
};

/**
 * Ask the provider how the signing stands, for a signing whose callbacks may have been lost: the server takes what it
 * missed, and the page says what it learned.
 */
function AskSigning({ id }: { id: number }) {
  const { t } = useTranslation('lease-contracts');
  const { message } = App.useApp();
  const ask = useEndpointMutation(leaseContractEndpoints.askSigning, { invalidates: CONTRACT_READS });
  return (
    <Button
      size="small"
      loading={ask.isPending}
      onClick={async () => {
        const { learned } = await ask.mutateAsync({ body: { id } });
        void message.info(learned > 0 ? t('done.askSigningLearned', { count: learned }) : t('done.askSigningNothing'));
      }}
    >
      {t('actions.askSigning')}
    </Button>
  );
}

/**
 * The signing at the provider: its state and, for the lessor's people, each party's page; for those who may call it
 * off (`askId`), a way to ask the provider again.
 */
export function Signing({ signing: s, askId }: { signing: ContractDetail['signing']; askId?: number }) {
  const { t } = useTranslation('lease-contracts');
  if (!s) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noSigning')} />;
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        {
          key: 'state',
          label: t('detail.signingState'),
          children: <Tag>{t(`signing.${s.state}` as 'signing.completed')}</Tag>,
        },
        ...(s.lesseeUrl
          ? [
              {
                key: 'lessee',
                label: t('detail.lesseeLink'),
                children: (
                  <Typography.Link href={s.lesseeUrl} target="_blank" rel="noreferrer" copyable={{ text: s.lesseeUrl }}>
                    {t('detail.openSigning')}
                  </Typography.Link>
                ),
              },
              {
                key: 'lessor',
                label: t('detail.lessorLink'),
                children: (
                  <Typography.Link href={s.lessorUrl} target="_blank" rel="noreferrer" copyable={{ text: s.lessorUrl }}>
                    {t('detail.openSigning')}
                  </Typography.Link>
                ),
              },
            ]
          : []),
        { key: 'updated', label: t('detail.signingUpdated'), children: s.updatedAt },
        ...(askId === undefined
          ? []
          : [{ key: 'ask', label: t('detail.askSigning'), children: <AskSigning id={askId} /> }]),
      ]}
    />
  );
}

/** The contract's history, oldest first: who moved it where, when and why. */
export function ContractTimeline({
  events,
  table = LEASE_STATUS_TABLE,
}: {
  events: ContractEventRow[];
  /** A change's statuses read 8 as "completed" (decision 041). */
  table?: CodeTable<number>;
}) {
  const { t } = useTranslation('lease-contracts');
  const label = useCodeLabel();
  return (
    <Timeline
      items={events.map((e) => ({
        key: e.id,
        color: EVENT_COLORS[e.action] ?? 'blue',
        children: (
          <div data-testid="timeline-event">
            <Typography.Text strong>{t(`events.${e.action}`)}</Typography.Text>
            {e.fromStatus !== null && e.toStatus !== null && e.fromStatus !== e.toStatus && (
              <Typography.Text type="secondary">
                {' · '}
                {t('detail.statusChange', {
                  from: label(table, e.fromStatus),
                  to: label(table, e.toStatus),
                })}
              </Typography.Text>
            )}
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {e.actor === 'user' ? e.userName || '-' : t(`detail.actor.${e.actor}`)} · {e.at}
            </Typography.Paragraph>
            {e.changeId !== null && (
              <Typography.Paragraph style={{ margin: 0 }}>
                <Link to={href(leaseChangeScreens.contractChangeDetail, { id: e.changeId })}>{e.changeNumber}</Link>
              </Typography.Paragraph>
            )}
            {e.ruleName && (
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {t('detail.rule', { rule: e.ruleName })}
              </Typography.Paragraph>
            )}
            {e.signer && (
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {t('detail.signer', { name: e.signer })}
              </Typography.Paragraph>
            )}
            {e.day && (
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {t('detail.day', { day: e.day })}
              </Typography.Paragraph>
            )}
            {e.days && (
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {t('detail.movedDays', {
                  fromStart: e.days.fromStartOn,
                  fromEnd: e.days.fromEndOn,
                  start: e.days.startOn,
                  end: e.days.endOn,
                })}
              </Typography.Paragraph>
            )}
            {e.reason && (
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {t('detail.reason', { reason: e.reason })}
              </Typography.Paragraph>
            )}
          </div>
        ),
      }))}
    />
  );
}
