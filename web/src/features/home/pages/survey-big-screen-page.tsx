import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RENEWAL_WINDOW } from '@console/contract/codes/finance';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { UPKEEP_DUE } from '@console/contract/codes/maintenance';
import { screenEndpoints, type SurveyScreen } from '@console/contract/http/screens';
import { homeScreens } from '@console/contract/screens/home';
import { useCodeLabel } from '../../../components/code-label.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { BackLink } from '../components/back-link.tsx';
import { ScreenFrame } from '../components/screen-frame.tsx';
import { ScreenHeader, useScreenColours } from '../components/screen-header.tsx';
import { CountBars, Figures, inScreenArea, Panel, type Figure } from '../components/screen-parts.tsx';
import { ScreenProblem } from '../components/screen-problem.tsx';
import { useScreenRefresh, type RefreshRule } from '../components/use-screen-refresh.ts';

/**
 * Ages and expiries move by the day, plans by the working hours machines report and the work orders that settle
 * them: the survey is counted again at most every 30 s of reports, within a second of a work order.
 */
const SURVEY_REFRESH: RefreshRule = { device: 30_000, workOrder: 1000 };

/** The renewal windows in the colours of their code table (RENEWAL_WINDOW), soonest the hottest. */
const WINDOW_COLOURS: Record<number, string> = {
  1: '#fa541c',
  7: '#fa8c16',
  15: '#fadb14',
  30: '#4096ff',
  0: '#f5222d',
};
const DUE_COLOURS = { overdue: '#f5222d', dueSoon: '#fadb14', ok: '#52c41a' };

function MaintenanceTable({ maintenance }: { maintenance: NonNullable<SurveyScreen['maintenance']> }) {
  const { t } = useTranslation('home');
  const label = useCodeLabel();
  if (maintenance.list.length === 0) return <p className="screen-empty">{t('survey.noPlans')}</p>;
  return (
    <table className="screen-table screen-table--compact" aria-label={t('survey.maintenance')}>
      <thead>
        <tr>
          <th>{t('survey.columns.serial')}</th>
          <th>{t('survey.columns.kind')}</th>
          <th>{t('survey.columns.due')}</th>
          <th>{t('survey.columns.next')}</th>
          <th>{t('survey.columns.left')}</th>
        </tr>
      </thead>
      <tbody>
        {maintenance.list.map((plan) => (
          <tr key={plan.id}>
            <td>{plan.serialNumber}</td>
            <td>{label(MACHINE_KIND, plan.kind)}</td>
            <td style={{ color: DUE_COLOURS[plan.due] }}>{label(UPKEEP_DUE, plan.due)}</td>
            <td>{plan.nextDueAt || t('survey.atHours', { hours: plan.nextDueHours })}</td>
            <td>
              {plan.nextDueAt
                ? t('survey.daysLeft', { count: plan.remaining })
                : t('survey.hoursLeft', { count: plan.remaining })}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SurveyBoard({ data, accent }: { data: SurveyScreen; accent: string }) {
  const { t } = useTranslation('home');
  const label = useCodeLabel();
  const kinds = data.byKind.filter((k) => k.machines > 0);
  const figures: Figure[] = [
    { key: 'machines', label: t('survey.machines'), value: data.machines },
    ...data.renewals.map((r) => ({
      key: `renewal-${r.window}`,
      label: label(RENEWAL_WINDOW, r.window),
      value: r.machines,
      color: WINDOW_COLOURS[r.window],
    })),
    ...(data.maintenance
      ? [
          { key: 'overdue', label: t('survey.overdue'), value: data.maintenance.overdue, color: DUE_COLOURS.overdue },
          { key: 'dueSoon', label: t('survey.dueSoon'), value: data.maintenance.dueSoon, color: DUE_COLOURS.dueSoon },
        ]
      : []),
  ];
  return (
    <div
      className="screen-grid"
      style={{
        gridTemplateColumns: '1fr 1fr 1fr',
        gridTemplateRows: '130px 1fr 1.3fr',
        gridTemplateAreas: '"figures figures figures" "kinds ages renewals" "kinds upkeep upkeep"',
      }}
    >
      {inScreenArea(
        'figures',
        <section aria-label={t('survey.title')}>
          <Figures figures={figures} columns={figures.length} />
        </section>,
      )}
      {inScreenArea(
        'kinds',
        <Panel title={t('survey.byKind')} accent={accent}>
          <CountBars
            horizontal
            label={t('survey.byKind')}
            names={kinds.map((k) => label(MACHINE_KIND, k.kind))}
            values={kinds.map((k) => k.machines)}
            height={640}
            color={accent}
          />
        </Panel>,
      )}
      {inScreenArea(
        'ages',
        <Panel title={t('survey.byAge')} accent={accent} extra={<span>{t('survey.ageNote')}</span>}>
          <CountBars
            label={t('survey.byAge')}
            names={data.byAge.map((a) => t(`survey.age.${a.band}`))}
            values={data.byAge.map((a) => a.machines)}
            height={236}
            color="#3a7bd5"
          />
        </Panel>,
      )}
      {inScreenArea(
        'renewals',
        <Panel title={t('survey.renewals')} accent={accent}>
          <CountBars
            label={t('survey.renewals')}
            names={data.renewals.map((r) => label(RENEWAL_WINDOW, r.window))}
            values={data.renewals.map((r) => r.machines)}
            height={236}
            color={data.renewals.map((r) => WINDOW_COLOURS[r.window]!)}
          />
        </Panel>,
      )}
      {inScreenArea(
        'upkeep',
        <Panel
          title={t('survey.maintenance')}
          accent={accent}
          extra={
            data.maintenance && (
              <span>
                {t('survey.plans')}: {data.maintenance.plans.toLocaleString()}
              </span>
            )
          }
        >
          {data.maintenance ? (
            <MaintenanceTable maintenance={data.maintenance} />
          ) : (
            <p className="screen-empty">{t('survey.noMaintenance')}</p>
          )}
        </Panel>,
      )}
    </div>
  );
}

/**
 * /surveyBigScreen: the fleet survey of the viewer's machines (kinds, ages, connectivity service by renewal window,
 * maintenance due), counted by the server and recounted when the live stream says something changed.
 */
export function SurveyBigScreenPage() {
  const { t } = useTranslation('home');
  const colours = useScreenColours();
  const { from } = useScreenQuery(homeScreens.surveyBigScreen).query;
  const survey = useQuery(endpointQuery(screenEndpoints.survey, {}, { background: true }));
  useScreenRefresh([screenEndpoints.survey], SURVEY_REFRESH);

  let body: ReactNode;
  if (survey.isError) body = <ScreenProblem error={survey.error} onRetry={() => void survey.refetch()} />;
  else if (!survey.data) body = <p className="screen-empty">{t('board.loading')}</p>;
  else body = <SurveyBoard data={survey.data} accent={colours.accent} />;
  return (
    <ScreenFrame background={colours.background}>
      <div className="screen-board">
        <ScreenHeader title={t('survey.title')} extra={<BackLink from={from} />} />
        {body}
      </div>
    </ScreenFrame>
  );
}
