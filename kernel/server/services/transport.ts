/**
 * How codes and notices leave the server: one Transport per channel, chosen by configuration
 * (./transports/config.ts). The default keeps messages in a local outbox (the `kernel_outbox`
 * table and the log, readable with `storefront outbox`) so a demo site needs no SMS or mail
 * account; e-mail over SMTP and SMS through Aliyun implement the same interface.
 */

export type Channel = 'sms' | 'email';

export interface OutgoingMessage {
  channel: Channel;
  /** A mobile number or an e-mail address. */
  target: string;
  subject: string;
  body: string;
  /** The one-time code the message carries: SMS providers fill their approved template with it instead of sending `body`. */
  code?: string;
}

export interface Transport {
  /** Resolves once the provider accepted the message; rejects (a DeliveryError when the provider refused) otherwise. */
  deliver(message: OutgoingMessage): Promise<void>;
}

export interface TransportLog {
  info(message: string): void;
  error(message: string): void;
}

/** A provider refused or could not take a message; the text is for the operator (the shopper sees a plain refusal). */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
}
