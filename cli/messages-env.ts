/** The message providers `storefront start` uses, from $MAIL_TRANSPORT, $SMS_TRANSPORT and their settings (README → Messages). */
import { messagesFromEnv, MessagesConfigError, type MessagesConfig } from '@kernel/server/services/transports/config';
import { CliError } from './cli-error';
import { EXIT } from './exit-codes';

/** A misconfigured provider refuses the start (exit 3), every problem listed: codes must not silently go nowhere. */
export function messagesOf(env: NodeJS.ProcessEnv): MessagesConfig {
  try {
    return messagesFromEnv(env);
  } catch (error) {
    if (!(error instanceof MessagesConfigError)) throw error;
    throw new CliError('the message providers are misconfigured, so codes could not reach shoppers:', EXIT.environment, error.problems);
  }
}
