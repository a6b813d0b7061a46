/** The transport a server uses, from its messages configuration (./config.ts): the local outbox unless a provider is chosen. */
import type { Db } from '../../plugin';
import type { Transport, TransportLog } from '../transport';
import { AliyunSmsTransport } from './aliyun-sms';
import { byChannel, type ChannelRoute } from './by-channel';
import type { MessagesConfig } from './config';
import { LocalOutboxTransport } from './outbox';
import { SmtpTransport } from './smtp';

export interface TransportDeps {
  db: Db;
  log: TransportLog;
  now: () => number;
}

export function selectTransport(config: MessagesConfig, { db, log, now }: TransportDeps): Transport {
  const outbox: ChannelRoute = { transport: new LocalOutboxTransport(db, log, now) };
  const { email, sms } = config;
  return byChannel(
    {
      email: email?.transport === 'smtp' ? { transport: new SmtpTransport(email), provider: 'smtp' } : outbox,
      sms: sms?.transport === 'aliyun' ? { transport: new AliyunSmsTransport({ now, ...sms }), provider: 'aliyun' } : outbox,
    },
    log,
  );
}
