/**
 * The simulated mail server of development and tests (mailbox/, docs/decisions/071-notifications.md): it takes mail
 * over SMTP like any mail server and shows what it took on an outbox page and a control API.
 */

/** Its SMTP port, where the server sends mail when SMTP_URL is unset outside production. */
export const DEV_MAILBOX_SMTP_PORT = 8525;
/** Its HTTP port: the outbox page (/), the control API (/control/messages, /control/reset) and /health. */
export const DEV_MAILBOX_PORT = 8526;

/** One message as the mailbox kept it. */
export interface MailboxMessage {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** When it arrived, on the mailbox's clock (the simulated world's when it follows one). */
  at: number;
}
