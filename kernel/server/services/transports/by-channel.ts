/**
 * One transport per channel. A provider's failure (a refusal, an unreachable server) is logged for
 * the operator, once, with the target masked, and reaches the shopper as a plain refusal in their
 * language ("短信发送失败，请稍后再试"): the code was not delivered, and nothing of the provider's
 * answer leaks into the reply.
 */
import { BizError } from '../../../core/errors';
import { maskEmail, maskMobile } from '../../../core/mask';
import { DeliveryError, type Channel, type OutgoingMessage, type Transport, type TransportLog } from '../transport';

export interface ChannelRoute {
  transport: Transport;
  /** An outside provider (its failures become refusals); the local outbox is not: its failure is the server's own. */
  provider?: string;
}

export const DELIVERY_FAILED: Record<Channel, string> = { sms: 'kernel:message.sms_failed', email: 'kernel:message.email_failed' };

export function byChannel(routes: Record<Channel, ChannelRoute>, log: Pick<TransportLog, 'error'>): Transport {
  return {
    async deliver(message: OutgoingMessage) {
      const { transport, provider } = routes[message.channel];
      if (!provider) return transport.deliver(message);
      try {
        await transport.deliver(message);
      } catch (error) {
        const target = message.channel === 'sms' ? maskMobile(message.target) : maskEmail(message.target);
        // A provider's refusal says all in its message; anything else is a fault here, stack and all.
        const why = error instanceof DeliveryError ? error.message : ((error as Error).stack ?? String(error));
        log.error(`${message.channel} to ${target} not delivered (${provider}): ${why}`);
        throw new BizError(DELIVERY_FAILED[message.channel]);
      }
    },
  };
}
