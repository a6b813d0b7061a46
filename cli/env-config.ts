/**
 * What `storefront start` (and every command that opens a site) reads from the environment
 * beyond the database: the message providers ($MAIL_TRANSPORT, $SMS_TRANSPORT… README → Messages)
 * and the upload store ($UPLOAD_STORE, $S3_… README → Uploads). A misconfiguration refuses the
 * command (exit 3) with every problem listed: codes must not silently go nowhere, nor uploads to
 * one node's disk when a bucket was meant.
 */
import { messagesFromEnv, MessagesConfigError, type MessagesConfig } from '@kernel/server/services/transports/config';
import { uploadStoreFromEnv, UploadStoreConfigError, type UploadStoreConfig } from '@kernel/server/upload-store/config';
import { CliError } from './cli-error';
import { EXIT } from './exit-codes';

function refusing<T>(read: () => T, headline: string): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof MessagesConfigError || error instanceof UploadStoreConfigError) throw new CliError(headline, EXIT.environment, error.problems);
    throw error;
  }
}

export const messagesOf = (env: NodeJS.ProcessEnv): MessagesConfig => refusing(() => messagesFromEnv(env), 'the message providers are misconfigured, so codes could not reach shoppers:');

export const uploadStoreOf = (env: NodeJS.ProcessEnv): UploadStoreConfig => refusing(() => uploadStoreFromEnv(env), 'the upload store is misconfigured, so uploads could not be kept:');
