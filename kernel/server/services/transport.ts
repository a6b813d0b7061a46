/**
 * How codes and notices leave the server. The default keeps them in a local outbox (the
 * `kernel_outbox` table and the log, readable with the CLI) so a demo site needs no SMS or
 * mail account; an SMTP or SMS transport implements the same interface.
 */
import type { Db } from '../plugin';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  /** A mobile number or an e-mail address. */
  target: string;
  subject: string;
  body: string;
}

export interface Transport {
  deliver(message: OutgoingMessage): Promise<void>;
}

export interface OutboxLog {
  info(message: string): void;
}

export class LocalOutboxTransport implements Transport {
  constructor(
    private readonly db: Db,
    private readonly log: OutboxLog,
    private readonly now: () => number,
  ) {}

  async deliver(message: OutgoingMessage): Promise<void> {
    await this.db
      .insertInto('kernel_outbox')
      .values({ ...message, created_at: Math.floor(this.now() / 1000) })
      .execute();
    this.log.info(`outbox ${message.channel} → ${message.target}: ${message.body}`);
  }
}
