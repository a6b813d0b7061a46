/**
 * One-time codes by SMS or e-mail: six digits, stored hashed, valid 5 minutes, void after 5
 * wrong tries, consumed on success. Sending is limited per target (1 a minute, 10 a business
 * day) and per ip (30 an hour); the limits read the code table, so they survive restarts.
 * A code its provider failed to deliver still counts toward them (the call is refused with
 * "短信发送失败", ./transports/by-channel.ts): retries cannot run up the provider's bill.
 */
import crypto from 'node:crypto';
import { BizError } from '../../core/errors';
import { businessDayStart, type Clock } from '../clock';
import type { Translate } from '../i18n';
import type { Db, ServerServices } from '../plugin';
import { sameDigest, sha256 } from './hash';
import type { Transport } from './transport';

export const CODE_TTL_SECONDS = 5 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_LIMITS = { perTargetGapSeconds: 60, perTargetPerDay: 10, perIpPerHour: 30 } as const;

type Channel = 'sms' | 'email';
const digest = (channel: Channel, target: string, event: string, code: string) => sha256(`${channel}:${target}:${event}:${code}`);

export interface CodesDeps {
  db: Db;
  clock: Clock;
  transport: Transport;
  t: Translate;
  siteName: () => string;
}

export function createCodes({ db, clock, transport, t, siteName }: CodesDeps): ServerServices['codes'] {
  return {
    async send({ channel, target, event, ip, lang }) {
      const now = clock.nowSeconds();
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      await db.transaction().execute(async (tx) => {
        const sent = tx.selectFrom('kernel_code').where('channel', '=', channel).where('target', '=', target);
        const last = await sent.select('created_at').orderBy('created_at', 'desc').limit(1).executeTakeFirst();
        if (last && now - last.created_at < CODE_LIMITS.perTargetGapSeconds) {
          throw new BizError('kernel:message.too_many', { seconds: CODE_LIMITS.perTargetGapSeconds - (now - last.created_at) });
        }
        const dayStart = Math.floor(businessDayStart(clock.now()) / 1000);
        const today = await sent.select((eb) => eb.fn.countAll<number>().as('n')).where('created_at', '>=', dayStart).executeTakeFirst();
        if (Number(today?.n ?? 0) >= CODE_LIMITS.perTargetPerDay) throw new BizError('kernel:message.code_daily_limit');
        const fromIp = await tx
          .selectFrom('kernel_code')
          .select('created_at')
          .where('ip', '=', ip)
          .where('created_at', '>', now - 3600)
          .orderBy('created_at', 'asc')
          .execute();
        if (fromIp.length >= CODE_LIMITS.perIpPerHour) {
          throw new BizError('kernel:message.too_many', { seconds: Math.max(1, fromIp[0].created_at + 3600 - now) });
        }
        // Only the newest code of a target and event is valid.
        await tx
          .updateTable('kernel_code')
          .set({ used_at: now })
          .where('channel', '=', channel)
          .where('target', '=', target)
          .where('event', '=', event)
          .where('used_at', 'is', null)
          .execute();
        await tx
          .insertInto('kernel_code')
          .values({
            channel,
            target,
            event,
            code_hash: digest(channel, target, event, code),
            attempts: 0,
            expires_at: now + CODE_TTL_SECONDS,
            used_at: null,
            ip,
            created_at: now,
          })
          .execute();
      });
      const params = { site: siteName(), code, minutes: CODE_TTL_SECONDS / 60 };
      await transport.deliver({
        channel,
        target,
        subject: t(lang, 'kernel:code.subject', params),
        body: t(lang, 'kernel:code.body', params),
        code,
      });
    },

    async verify({ channel, target, event, code }) {
      const now = clock.nowSeconds();
      // The outcome is decided inside the transaction but thrown after it, so a counted wrong try is committed.
      const outcome = await db.transaction().execute(async (tx) => {
        const row = await tx
          .selectFrom('kernel_code')
          .select(['id', 'code_hash', 'attempts', 'expires_at'])
          .where('channel', '=', channel)
          .where('target', '=', target)
          .where('event', '=', event)
          .where('used_at', 'is', null)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (!row || row.expires_at <= now || row.attempts >= CODE_MAX_ATTEMPTS) return 'expired' as const;
        if (sameDigest(row.code_hash, digest(channel, target, event, code.trim()))) {
          await tx.updateTable('kernel_code').set({ used_at: now }).where('id', '=', row.id).execute();
          return 'ok' as const;
        }
        const attempts = row.attempts + 1;
        await tx
          .updateTable('kernel_code')
          .set({ attempts, used_at: attempts >= CODE_MAX_ATTEMPTS ? now : null })
          .where('id', '=', row.id)
          .execute();
        return 'wrong' as const;
      });
      if (outcome === 'expired') throw new BizError('kernel:message.code_expired');
      if (outcome === 'wrong') throw new BizError('kernel:message.code_invalid');
    },
  };
}
