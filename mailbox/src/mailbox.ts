import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailboxMessage } from '@console/contract/notify/mailbox-protocol';

/** The most messages kept: the oldest go first, as a development outbox needs no more. */
const MAX_KEPT = 2000;
/** The largest message taken (a notification is a few kilobytes). */
const MAX_SIZE = 1024 * 1024;

/** How it is told to misbehave (the control API), for tests and demos. */
export interface Steering {
  /** Refuse the next this many messages with a temporary failure (451), as a busy server does. */
  refuseNext: number;
}

/**
 * The simulated mail server's state: every message it took, newest last. It keeps nothing on disk: restarted, it
 * forgets (the server's delivery log keeps its own record of every message).
 */
export class Mailbox {
  readonly messages: MailboxMessage[] = [];
  steering: Steering = { refuseNext: 0 };
  private nextId = 1;

  constructor(private readonly now: () => number = Date.now) {}

  keep(message: Omit<MailboxMessage, 'id' | 'at'>): MailboxMessage {
    const kept = { ...message, id: this.nextId++, at: this.now() };
    this.messages.push(kept);
    if (this.messages.length > MAX_KEPT) this.messages.splice(0, this.messages.length - MAX_KEPT);
    return kept;
  }

  reset() {
    this.messages.length = 0;
    this.steering = { refuseNext: 0 };
  }

  /** An SMTP server that takes any message to any address, without authentication, and keeps it. */
  smtpServer(log: (message: string) => void): SMTPServer {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      size: MAX_SIZE,
      banner: 'console simulated mailbox',
      onData: (stream, session, callback) => {
        if (this.steering.refuseNext > 0) {
          this.steering.refuseNext--;
          stream.resume();
          const error = Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 });
          stream.on('end', () => callback(error));
          return;
        }
        simpleParser(stream)
          .then((parsed) => {
            const to = session.envelope.rcptTo.map((r) => r.address);
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : addresses(parsed.from)[0];
            const kept = this.keep({ from: from ?? '', to, subject: parsed.subject ?? '', text: parsed.text ?? '' });
            log(`mail ${kept.id} to ${to.join(', ')}: ${kept.subject}`);
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }
}

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  [field ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? ''));
