import type { ReactNode } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { API_STATUS } from '@console/contract/http/envelope';
import { ApiFailure } from '../../../lib/api-client.ts';
import { usePageSearch } from '../../../lib/screen-query.ts';

/** The server's refusals a screen cannot get past by asking again: its address, the viewer, the record. */
const FINAL: readonly string[] = [API_STATUS.invalid, API_STATUS.forbidden, API_STATUS.notFound];

/**
 * Why a screen shows no figures, in the middle of its stage at a size read across a room: the server's own message
 * (in the viewer's language), with a way on (`extra`: back to the data screen) when asking again would not help,
 * and a retry when it might.
 */
export function ScreenProblem({
  error,
  onRetry,
  message,
  extra,
}: {
  error: Error;
  onRetry: () => void;
  /** The screen's own words for a refusal (the lease screen says whose it is). */
  message?: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('home');
  const final = error instanceof ApiFailure && FINAL.includes(error.status);
  return (
    <div className="screen-problem" role="alert">
      <p>{(final && message) || error.message}</p>
      {final ? (
        extra
      ) : (
        <Button ghost size="large" onClick={onRetry}>
          {t('board.retry')}
        </Button>
      )}
    </div>
  );
}

/**
 * The site of /screenDetail and /screenDeviceList as the address holds it: sent to the server as it is (`0` when it
 * holds none, an id no organisation has), so the server words what is wrong with it; `id` when it is one.
 */
export function useSiteParam(): { sent: string; id: number | undefined } {
  const text = usePageSearch().params.get('orgId')?.trim() || '0';
  const id = /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined;
  return { sent: text, id };
}
