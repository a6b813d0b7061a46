import { describe, expect, it } from 'vitest';
import { parseFrames } from './site-stream';

describe('reading the site event stream', () => {
  it('takes each whole frame with its event name and data, and keeps the unfinished rest', () => {
    const text = 'retry: 2000\nid: a.0\nevent: hello\ndata: {"plugins":["home"]}\n\nid: a.1\nevent: site\ndata: {"plug';
    expect(parseFrames(text)).toEqual({ frames: [{ event: 'hello', data: '{"plugins":["home"]}' }], rest: 'id: a.1\nevent: site\ndata: {"plug' });
  });

  it('skips keep-alive comments and reads CRLF line ends', () => {
    expect(parseFrames(': keep-alive\n\nevent: site\r\ndata: {}\r\n\r\n')).toEqual({ frames: [{ event: 'site', data: '{}' }], rest: '' });
  });

  it('joins a multi-line data field and names an unnamed event "message"', () => {
    expect(parseFrames('data: a\ndata: b\n\n').frames).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});
