import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error';
import { EXIT } from './exit-codes';
import { logFormatOf } from './server-logger';

describe('the log format of a server', () => {
  it('is readable on a terminal and JSON lines otherwise, unless $LOG_FORMAT says', () => {
    expect([logFormatOf({}, true), logFormatOf({}, false)]).toEqual(['pretty', 'json']);
    expect([logFormatOf({ LOG_FORMAT: 'json' }, true), logFormatOf({ LOG_FORMAT: ' Pretty ' }, false), logFormatOf({ LOG_FORMAT: '' }, false)]).toEqual(['json', 'pretty', 'json']);
  });

  it('refuses a $LOG_FORMAT that names no format, naming the ones there are', () => {
    let error: unknown;
    try {
      logFormatOf({ LOG_FORMAT: 'text' }, true);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({ message: '$LOG_FORMAT is "text", which is not a log format: use json or pretty', exitCode: EXIT.environment });
  });
});
