import { Alert, Empty, Spin, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { availabilityEndpoints as api } from '@console/contract/http/availability';
import type { QueryOf } from '@console/contract/http/endpoint';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useOrgToday } from '../../../lib/days.ts';
import { STATE_COLORS } from '../states.ts';

const DAY_WIDTH = 32;

/** A free count's colour: none left, a few, plenty. */
function shade(free: number, total: number) {
  if (free === 0) return { background: STATE_COLORS.locked.background, color: '#fff' };
  if (free * 4 <= total) return { background: STATE_COLORS.reserved.background, color: '#000' };
  return STATE_COLORS.free;
}

/** At one store, each model's count still free per day: what may still be promised. */
export function ModelGrid({ query }: { query: QueryOf<typeof api.models> | null }) {
  const { t } = useTranslation('availability');
  const today = useOrgToday();
  const read = useQuery({
    ...endpointQuery(api.models, query ?? ({} as QueryOf<typeof api.models>)),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  if (query === null) return <Alert type="info" showIcon message={t('grid.pickStore')} />;
  const answer = read.data;
  if (!answer) return <Spin />;
  return (
    <Spin spinning={read.isFetching}>
      <Typography.Paragraph type="secondary">{t('grid.freeHelp')}</Typography.Paragraph>
      <div style={{ overflowX: 'auto' }} data-testid="availability-models">
        <table style={{ borderCollapse: 'collapse', tableLayout: 'fixed' }}>
          <thead>
            <tr>
              <th
                style={{
                  position: 'sticky',
                  left: 0,
                  background: '#fafafa',
                  minWidth: 200,
                  textAlign: 'left',
                  padding: '2px 8px',
                }}
              >
                {t('grid.model')}
              </th>
              <th style={{ background: '#fafafa', padding: '2px 8px' }}>{t('grid.total')}</th>
              {answer.days.map((d) => (
                <th
                  key={d}
                  title={d}
                  style={{
                    minWidth: DAY_WIDTH,
                    background: d === today ? '#e6f4ff' : '#fafafa',
                    fontSize: 11,
                    fontWeight: d === today ? 600 : 'normal',
                    textAlign: 'center',
                  }}
                >
                  {d.slice(8) === '01' || d === answer.days[0] ? `${d.slice(5, 7)}-` : ''}
                  {Number(d.slice(8))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {answer.list.map((m) => (
              <tr key={m.modelId} data-testid={`model-${m.modelId}`}>
                <th
                  scope="row"
                  style={{
                    position: 'sticky',
                    left: 0,
                    background: '#fff',
                    textAlign: 'left',
                    fontWeight: 'normal',
                    padding: '2px 8px',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {m.modelName}
                </th>
                <td style={{ textAlign: 'center' }}>{m.total}</td>
                {m.free.map((free, i) => (
                  <td
                    key={answer.days[i]}
                    data-day={answer.days[i]}
                    title={`${t('grid.free', { day: answer.days[i] })}: ${free} / ${m.total}${
                      m.held[i] ? ` · ${t('grid.heldHelp', { held: m.held[i] })}` : ''
                    }`}
                    style={{
                      ...shade(free, m.total),
                      textAlign: 'center',
                      fontSize: 12,
                      height: 26,
                      borderRight: '1px solid #fff',
                      borderBottom: '1px solid #fff',
                    }}
                  >
                    {free}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {answer.list.length === 0 && <Empty description={t('grid.empty')} />}
      </div>
    </Spin>
  );
}
