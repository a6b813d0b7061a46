/** Where `storefront start` publishes its metrics: $METRICS_TOKEN (on the app's port, for that bearer token) and $METRICS_PORT (an admin port on 127.0.0.1). */
import type { MetricsOptions } from '@kernel/server/metrics-http';
import { CliError } from './cli-error';
import { EXIT } from './exit-codes';

export function metricsOf(env: NodeJS.ProcessEnv): MetricsOptions {
  const token = env.METRICS_TOKEN?.trim() || undefined;
  const portText = env.METRICS_PORT?.trim();
  if (!portText) return { token };
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new CliError(`$METRICS_PORT is "${env.METRICS_PORT}", which is not a port number (1–65535)`, EXIT.environment);
  }
  return { token, port };
}
