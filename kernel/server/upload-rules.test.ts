import { describe, expect, it } from 'vitest';
import { isAccepted, parseSize, saveName } from './upload-rules';

const upload = { mode: 'local' as const, maxsize: '1mb', mimetype: 'jpg,png', savename: '/uploads/{year}{mon}{day}/{filemd5}{.suffix}' };
const file = { date: '2025-03-09', md5: 'a'.repeat(32), sha1: 'b'.repeat(40), ext: 'png' };

describe('upload rules', () => {
  it('reads sizes in kb and mb', () => {
    expect(parseSize('10mb')).toBe(10 * 1024 * 1024);
    expect(parseSize('512KB')).toBe(512 * 1024);
    expect(() => parseSize('lots')).toThrow(RangeError);
  });

  it('accepts by extension, mime type, family or star', () => {
    const png = { ext: 'png', mime: 'image/png' };
    const jpg = { ext: 'jpg', mime: 'image/jpeg' };
    expect(isAccepted('jpg,png', png)).toBe(true);
    expect(isAccepted('jpeg', jpg)).toBe(true);
    expect(isAccepted('image/png', png)).toBe(true);
    expect(isAccepted('image/*', jpg)).toBe(true);
    expect(isAccepted('*', { ext: 'pdf', mime: 'application/pdf' })).toBe(true);
    expect(isAccepted('jpg,gif', png)).toBe(false);
    expect(isAccepted('', png)).toBe(false);
  });

  it('fills the savename template with the business date and digest', () => {
    expect(saveName(upload, file)).toBe(`/uploads/20250309/${'a'.repeat(32)}.png`);
    expect(saveName({ ...upload, savename: '/uploads/{year}/{filesha1}_{suffix}.bin' }, file)).toBe(
      `/uploads/2025/${'b'.repeat(40)}_png.bin`,
    );
  });

  it('never saves outside /uploads/ nor with unknown fields', () => {
    const fallback = `/uploads/20250309/${'a'.repeat(32)}.png`;
    expect(saveName({ ...upload, savename: '/etc/{filemd5}' }, file)).toBe(fallback);
    expect(saveName({ ...upload, savename: '/uploads/../../x{.suffix}' }, file)).toBe(fallback);
    expect(saveName({ ...upload, savename: '/uploads/{who}{.suffix}' }, file)).toBe(fallback);
  });
});
