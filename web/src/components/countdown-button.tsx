import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A "send code" button: runs `onSend`, and when it succeeds waits `seconds` (60, the server's pace for
 * codes to one number) before it may be pressed again. A failed send (it throws) does not count down.
 *
 *   <CountdownButton
 *     onSend={() => sendCode.mutateAsync({ body: { target: 'changePassword' } })}
 *     sentMessage={t('code.sent')}
 *   >
 *     {t('sendCode')}
 *   </CountdownButton>
 */
export function CountdownButton({
  onSend,
  seconds = 60,
  sentMessage,
  children,
  ...button
}: Omit<ButtonProps, 'onClick'> & {
  onSend: () => Promise<unknown>;
  seconds?: number;
  /** Shown when the send succeeded. */
  sentMessage?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('components');
  const { message } = App.useApp();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setSending(true);
    try {
      await onSend();
      if (sentMessage) void message.success(sentMessage);
      setLeft(seconds);
    } catch {
      // The caller or the API client has shown why.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button {...button} onClick={() => void send()} loading={sending} disabled={button.disabled || left > 0}>
      {left > 0 ? t('countdown.wait', { seconds: left }) : children}
    </Button>
  );
}
