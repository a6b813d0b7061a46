/**
 * E-mail over SMTP with nodemailer, from a connection URL (`smtp://user:pass@host:587`, STARTTLS
 * when the server offers it; `smtps://…:465`, TLS from the start) and a From address
 * (`优选商城 <no-reply@shop.example>`). Each message opens its own connection, so a server that
 * restarts between codes costs nothing; the time-outs are a shopper's, not nodemailer's minutes.
 */
import { createTransport, type Mail } from 'nodemailer';
import { maskEmail } from '../../../core/mask';
import { DeliveryError, type OutgoingMessage, type Transport } from '../transport';

export interface SmtpOptions {
  /** nodemailer's URL form; query parameters (e.g. `?connectionTimeout=30000`) override the defaults here. */
  url: string;
  from: string;
}

export class SmtpTransport implements Transport {
  private readonly mailer: Mail;
  private readonly server: string;

  constructor(private readonly options: SmtpOptions) {
    this.mailer = createTransport({ url: options.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    const url = new URL(options.url);
    this.server = `${url.protocol}//${url.host}`;
  }

  async deliver({ target, subject, body }: OutgoingMessage): Promise<void> {
    try {
      await this.mailer.sendMail({ from: this.options.from, to: target, subject, text: body });
    } catch (error) {
      // A refusal may quote the recipient ("550 <ann@…>: no such user"): the log gets it masked.
      const reason = ((error as Error).message ?? String(error)).split(target).join(maskEmail(target));
      throw new DeliveryError(`the SMTP server ${this.server} did not take the message: ${reason}`);
    }
  }
}
