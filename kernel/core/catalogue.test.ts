import { describe, expect, it } from 'vitest';
import en from './i18n/en.json';
import zh from './i18n/zh-Hans.json';
import { statusMessage } from './catalogue';

const lookup = (dict: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], dict) as string;

describe('error catalogue of spec §8', () => {
  it.each([
    [302, 'Interface redirected!'],
    [400, 'Incorrect parameter!'],
    [401, 'You do not have permission to operate!'],
    [403, 'You do not have permission to operate!'],
    [408, 'Request timed out!'],
    [409, 'The same data already exists in the system!'],
    [413, 'Request too large!'],
    [500, 'Server internal error!'],
    [501, 'Service not implemented!'],
    [502, 'Gateway error!'],
    [503, 'Service unavailable!'],
    [504, 'The service is temporarily unavailable Please try again later!'],
    [505, 'HTTP version is not supported!'],
  ])('maps %i to its text', (status, text) => {
    expect(lookup(en, statusMessage(status).key)).toBe(text);
    expect(lookup(zh, statusMessage(status).key)).toBeTruthy();
  });
  it('names the address for 404', () => {
    expect(statusMessage(404, '/api/x/y')).toEqual({ key: 'http.404', params: { url: '/api/x/y' } });
  });
  it('puts the status before the generic text for anything else', () => {
    expect(statusMessage(418)).toEqual({ key: 'http.other', params: { status: 418 } });
    expect(lookup(en, 'http.other')).toContain('Abnormal problem');
  });
});
