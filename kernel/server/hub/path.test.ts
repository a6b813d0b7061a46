import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { siteSchema } from '../../core/site';
import { hubPath } from './path';

describe('the hub listens at the path the site config names', () => {
  it('takes a bare path as it is', () => {
    expect(hubPath('/api/socket')).toBe('/api/socket');
  });

  it('takes the path of an absolute ws:// or wss:// address, whatever its host', () => {
    expect(hubPath('ws://127.0.0.1:8080/api/socket')).toBe('/api/socket');
    expect(hubPath('wss://shop.example.com/chat/ws?x=1')).toBe('/chat/ws');
  });

  it('serves no hub when the site has no chat', () => {
    expect(hubPath('')).toBeNull();
    expect(hubPath('  ')).toBeNull();
  });

  it('serves no hub for an address without a path of its own (it would shadow the app)', () => {
    expect(hubPath('wss://chat.example.com')).toBeNull();
    expect(hubPath('/')).toBeNull();
  });

  it('ignores a trailing slash', () => {
    expect(hubPath('/api/socket/')).toBe('/api/socket');
  });

  it('is refused by the site check when it is neither empty, a path nor a ws(s):// address', () => {
    const wss = (value: string) => z.safeParse(siteSchema, { wss: value }).success;
    expect(['', '/api/socket', 'ws://127.0.0.1:8080/api/socket', 'wss://shop.example.com/ws'].map(wss)).toEqual([true, true, true, true]);
    expect(['api/socket', 'http://shop.example.com/ws', 'socket'].map(wss)).toEqual([false, false, false]);
  });
});
