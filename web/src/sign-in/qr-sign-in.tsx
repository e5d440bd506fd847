import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { authEndpoints, type QR_STATES } from '@console/contract/http/auth';
import { call } from './api.ts';
import { completeSignIn } from './complete-sign-in.ts';
import { useSignIn } from './context.ts';

type QrState = (typeof QR_STATES)[number];
/** How often the page asks whether the app has scanned and confirmed. */
const POLL_MS = 2000;
const SIZE = 200;

/**
 * QR-code sign-in: a fresh uuid drawn as a QR code; the signed-in mobile app scans it, then confirms; the page polls
 * loginByScanQRCode.do and signs in once confirmed. An expired code offers a refresh.
 */
export function QrSignIn() {
  const { t, lang, brand, signedIn } = useSignIn();
  const { appid } = brand;
  const [generation, setGeneration] = useState(0);
  const [qr, setQr] = useState<{ uuid: string; image: string } | null>(null);
  const [state, setState] = useState<QrState>('waiting');
  const [refusal, setRefusal] = useState('');

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const { uuid } = await call(authEndpoints.qrCreate, { appid }, { lang });
      // What the app reads from the code: which sign-in to confirm, under which brand.
      const image = await QRCode.toDataURL(JSON.stringify({ type: 'consoleLogin', uuid, appid }), {
        width: SIZE,
        margin: 1,
      });
      if (!cancelled) {
        setQr({ uuid, image });
        setState('waiting');
      }
    })().catch(() => {
      // No code could be made (network, server): offer the refresh rather than spin for ever.
      if (!cancelled) setState('expired');
    });
    return () => {
      cancelled = true;
    };
  }, [appid, lang, generation]);

  useEffect(() => {
    if (!qr || state === 'expired' || state === 'confirmed') return;
    const timer = setInterval(() => {
      void call(authEndpoints.loginByScanQRCode, { appid, uuid: qr.uuid }, { lang })
        .then(async (answer) => {
          setState(answer.state);
          if (answer.state !== 'confirmed' || !answer.login) return;
          try {
            await completeSignIn(answer.login, 'console', lang, t);
            signedIn('console');
          } catch (error) {
            // Refused (role 0, for instance): the code is used up, so offer a new one.
            setRefusal(error instanceof Error ? error.message : t('common:requestError'));
            setState('expired');
          }
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [qr, state, appid, lang, t, signedIn]);

  const refresh = () => {
    setQr(null);
    setRefusal('');
    setState('waiting');
    setGeneration((g) => g + 1);
  };

  const hint = {
    waiting: t('auth:qr.hint'),
    scanned: t('auth:qr.scanned'),
    confirmed: t('auth:qr.confirmed'),
    expired: t('auth:qr.expired'),
  }[state];

  return (
    <div data-testid="qr-login" data-uuid={qr?.uuid ?? ''} data-state={state} className="si-qr">
      <div className="si-qr-box" style={{ width: SIZE, height: SIZE }}>
        {qr && <img src={qr.image} alt={t('auth:qr.image')} width={SIZE} height={SIZE} />}
        {!qr && state !== 'expired' && <div className="si-spinner si-qr-cover" />}
        {state !== 'waiting' && (
          <div className="si-qr-cover si-qr-veil">
            {state === 'expired' ? (
              <button type="button" className="si-button" onClick={refresh}>
                <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor">
                  <path strokeWidth="2" d="M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5" />
                </svg>
                {t('auth:qr.refresh')}
              </button>
            ) : (
              <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
                <circle cx="12" cy="12" r="11" fill="#52c41a" />
                <path d="m7 12.5 3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.2" />
              </svg>
            )}
          </div>
        )}
      </div>
      <span role="status" className={state === 'expired' ? 'si-danger' : undefined}>
        {hint}
      </span>
      {refusal && (
        <div role="alert" className="si-alert si-alert-error">
          {refusal}
        </div>
      )}
    </div>
  );
}
