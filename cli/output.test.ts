import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { colourEnabled, createOutput } from './output';

function capture(options: { json?: boolean; env?: NodeJS.ProcessEnv; isTTY?: boolean } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const output = createOutput({ json: options.json, env: options.env ?? {}, isTTY: options.isTTY, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { output, out, err };
}

describe('CLI output', () => {
  it('colours a terminal only, and honours NO_COLOR and FORCE_COLOR', () => {
    expect(colourEnabled({}, true)).toBe(true);
    expect(colourEnabled({}, false)).toBe(false);
    expect(colourEnabled({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colourEnabled({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(colourEnabled({ FORCE_COLOR: '0' }, true)).toBe(false);
  });

  it('aligns table columns by visible width, colour codes or not', () => {
    const { output, out } = capture({ isTTY: true });
    output.table(['ID', 'STATE'], [[output.green('goods'), 'on'], ['member', 'off']]);
    const plain = out.map(stripVTControlCharacters);
    expect(plain).toEqual(['ID      STATE', 'goods   on', 'member  off']);
  });

  it('prints only the JSON result under --json, problems still on stderr', () => {
    const { output, out, err } = capture({ json: true, isTTY: true });
    output.line('hello');
    output.success('done');
    output.problem('broken');
    output.result({ ok: true });
    expect(out).toEqual(['{\n  "ok": true\n}']);
    expect(err).toEqual(['✖ broken']);
  });
});
