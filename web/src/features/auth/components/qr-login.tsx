import { useEffect, useState } from 'react';
import { CheckCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { Button, Spin, Typography } from 'antd';
import QRCode from 'qrcode';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authEndpoints, type QR_STATES } from '@console/contract/http/auth';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useBrand } from '../../../lib/brand.ts';
import { useCompleteSignIn } from '../api/use-complete-sign-in.ts';

type QrState = (typeof QR_STATES)[number];
/** How often the page asks whether the app has scanned and confirmed. */
const POLL_MS = 2000;
const SIZE = 200;

/**
 * QR-code sign-in: a fresh uuid drawn as a QR code; the signed-in mobile app scans it, then confirms; the
 * page polls loginByScanQRCode.do and signs in once confirmed. An expired code offers a refresh.
 */
export function QrLogin() {
  const { t } = useTranslation(['auth', 'common']);
  const { appid } = useBrand();
  const completeSignIn = useCompleteSignIn();
  const queryClient = useQueryClient();
  const { mutateAsync: createCode } = useEndpointMutation(authEndpoints.qrCreate, { background: true });
  const [generation, setGeneration] = useState(0);
  const [qr, setQr] = useState<{ uuid: string; image: string } | null>(null);
  const [state, setState] = useState<QrState>('waiting');

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const { uuid } = await createCode({ query: { appid } });
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
  }, [appid, generation, createCode]);

  useEffect(() => {
    if (!qr || state === 'expired' || state === 'confirmed') return;
    const timer = setInterval(() => {
      void queryClient
        .fetchQuery(
          endpointQuery(authEndpoints.loginByScanQRCode, { appid, uuid: qr.uuid }, { background: true, silent: true }),
        )
        .then(async (answer) => {
          setState(answer.state);
          // Refused (role 0, for instance): the code is used up, so offer a new one.
          if (answer.state === 'confirmed' && answer.login && !(await completeSignIn(answer.login, 'console'))) {
            setState('expired');
          }
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [qr, state, appid, completeSignIn, queryClient]);

  const refresh = () => {
    setQr(null);
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
    <div
      data-testid="qr-login"
      data-uuid={qr?.uuid ?? ''}
      data-state={state}
      style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12, padding: '8px 0 16px' }}
    >
      <div style={{ position: 'relative', width: SIZE, height: SIZE }}>
        {qr && <img src={qr.image} alt={t('auth:qr.image')} width={SIZE} height={SIZE} />}
        {!qr && state !== 'expired' && (
          <Spin
            style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          />
        )}
        {state !== 'waiting' && (
          <div
            style={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              background: 'rgba(255,255,255,.92)',
            }}
          >
            {state === 'expired' ? (
              <Button icon={<ReloadOutlined />} onClick={refresh}>
                {t('auth:qr.refresh')}
              </Button>
            ) : (
              <CheckCircleFilled style={{ fontSize: 48, color: '#52c41a' }} />
            )}
          </div>
        )}
      </div>
      <Typography.Text role="status" type={state === 'expired' ? 'danger' : undefined}>
        {hint}
      </Typography.Text>
    </div>
  );
}
