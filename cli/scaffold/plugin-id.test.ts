import { describe, expect, it } from 'vitest';
import { BUILT_IN_COMMANDS } from '../built-ins';
import { RESERVED_IDS, pluginIdProblems } from './plugin-id';

const problems = (id: string) => pluginIdProblems(id, BUILT_IN_COMMANDS);

describe('a new plugin id', () => {
  it('is one lower-case word of 2–24 letters and digits, starting with a letter', () => {
    for (const id of ['wishlist', 'ab', 'shop2go', 'a'.repeat(24)]) expect(problems(id)).toEqual([]);
  });

  it('refuses capitals, dashes, underscores, a leading digit, and lengths outside 2–24, saying what is allowed', () => {
    for (const id of ['Wish-List', 'wish-list', 'wish_list', 'Wishlist', '1abc', 'a', 'a'.repeat(25), '', '../etc', 'wish list']) {
      const [problem] = problems(id);
      expect(problem).toContain(`"${id}" is not a valid plugin id`);
      expect(problem).toContain('2–24 lower-case letters and digits');
    }
  });

  it('refuses the names of project folders and URL segments', () => {
    for (const id of ['kernel', 'app', 'cli', 'api', 'plugins', 'config', 'uploads', 'dist']) {
      expect(problems(id)).toEqual([`"${id}" is a reserved name (a project folder or URL segment); choose another id`]);
    }
    expect(RESERVED_IDS).toContain('node_modules');
  });

  it("refuses every built-in command, since the id becomes the plugin's command group", () => {
    for (const command of BUILT_IN_COMMANDS) {
      expect(problems(command)[0]).toMatch(new RegExp(`^"${command}" is a built-in command \\(\`storefront ${command}\`\\)`));
    }
  });
});
