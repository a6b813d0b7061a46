/** The local outbox: messages stay in `kernel_outbox` and the log (the default, and the tests' transport). */
import { maskTarget } from '../../log-redaction';
import type { Db } from '../../plugin';
import type { OutgoingMessage, Transport, TransportLog } from '../transport';

export class LocalOutboxTransport implements Transport {
  constructor(
    private readonly db: Db,
    private readonly log: Pick<TransportLog, 'info'>,
    private readonly now: () => number,
  ) {}

  async deliver({ channel, target, subject, body }: OutgoingMessage): Promise<void> {
    await this.db
      .insertInto('kernel_outbox')
      .values({ channel, target, subject, body, created_at: Math.floor(this.now() / 1000) })
      .execute();
    // Never the body: it carries the code. `storefront outbox` shows the whole message to whoever may read the database.
    this.log.info(`outbox ${channel} → ${maskTarget(target)}: kept in the outbox, read it with \`storefront outbox\``);
  }
}
