import { useState, type ReactNode } from 'react';
import { App, Button, Popconfirm, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A button that asks before it acts. Confirming runs `onConfirm` (the button spins meanwhile); refusing
 * shows the spec's "cancelled" message.
 *
 *   <ConfirmButton
 *     title={t('disableConfirm', { name: row.name })}
 *     onConfirm={() => setDisabled.mutateAsync({ uids: [row.uid], disabled: true })}
 *     danger type="link"
 *   >
 *     {t('disable')}
 *   </ConfirmButton>
 */
export function ConfirmButton({
  title,
  description,
  onConfirm,
  children,
  ...button
}: Omit<ButtonProps, 'onClick' | 'title'> & {
  title: ReactNode;
  description?: ReactNode;
  onConfirm: () => Promise<unknown> | void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // The API client has already shown why it failed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popconfirm
      title={title}
      description={description}
      okText={t('ok')}
      cancelText={t('cancel')}
      onConfirm={confirm}
      onCancel={() => void message.info(t('cancelled'))}
      disabled={button.disabled}
    >
      <Button {...button} loading={busy}>
        {children}
      </Button>
    </Popconfirm>
  );
}

/**
 * The same flow for actions started elsewhere (a switch, a menu item): resolves true when confirmed,
 * false (after the "cancelled" message) when refused.
 *
 *   const confirm = useConfirm();
 *   if (await confirm({ title: t('enableTitle'), content: t('enableWarning') })) enable();
 */
export function useConfirm() {
  const { modal, message } = App.useApp();
  const { t } = useTranslation('common');
  return ({ title, content }: { title: ReactNode; content?: ReactNode }) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title,
        content,
        okText: t('ok'),
        cancelText: t('cancel'),
        mask: { closable: false },
        onOk: () => resolve(true),
        onCancel: () => {
          void message.info(t('cancelled'));
          resolve(false);
        },
      });
    });
}
