import { describe, expect, it } from 'vitest';
import { GENERATED_SLOTS, describeGenerated, generatedPlugins, pluginNewArgs } from './generated-plugins';

describe('generated plugins', () => {
  const twenty = generatedPlugins(20);

  it('numbers the ids bench01…bench20, each a valid plugin id', () => {
    expect(twenty.map((p) => p.id)).toEqual(Array.from({ length: 20 }, (_, i) => `bench${String(i + 1).padStart(2, '0')}`));
    for (const p of twenty) expect(p.id).toMatch(/^[a-z][a-z0-9]{1,23}$/);
  });

  it('uses every slot and leaves some without a server side', () => {
    expect(new Set(twenty.map((p) => p.slot))).toEqual(new Set(GENERATED_SLOTS));
    expect(twenty.filter((p) => !p.server)).toHaveLength(5);
  });

  it('asks `plugin new` for the slot, and for --no-server only when there is no server side', () => {
    expect(pluginNewArgs({ id: 'bench01', slot: 'home.grid', server: true })).toEqual(['plugin', 'new', 'bench01', '--slot', 'home.grid']);
    expect(pluginNewArgs({ id: 'bench04', slot: 'home.grid', server: false })).toEqual(['plugin', 'new', 'bench04', '--slot', 'home.grid', '--no-server']);
  });

  it('sums them up by slot', () => {
    expect(describeGenerated(twenty)).toBe('home.grid ×7, member.services ×7, member.wallet ×6; 5 without a server side');
  });
});
