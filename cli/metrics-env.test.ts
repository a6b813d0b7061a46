import { describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { metricsOf } from './metrics-env';

describe('where a server publishes its metrics', () => {
  it('reads $METRICS_TOKEN and $METRICS_PORT; neither publishes nothing', () => {
    expect(metricsOf({})).toEqual({ token: undefined });
    expect(metricsOf({ METRICS_TOKEN: ' s3cret-token ', METRICS_PORT: '9464' })).toEqual({ token: 's3cret-token', port: 9464 });
    expect(metricsOf({ METRICS_TOKEN: '', METRICS_PORT: ' ' })).toEqual({ token: undefined });
  });

  it('refuses a $METRICS_PORT that is not a port', () => {
    for (const port of ['0', '65536', 'nine', '94.5']) {
      expect(() => metricsOf({ METRICS_PORT: port })).toThrow(expect.objectContaining({ message: `$METRICS_PORT is "${port}", which is not a port number (1–65535)`, exitCode: EXIT.environment }));
    }
  });
});
