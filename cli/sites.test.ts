import { describe, expect, it } from 'vitest';
import { setPluginEnabled } from './sites';

const file = `{
  "site": { "siteName": "优选商城" },
  "plugins": {
    "home": { "enabled": true },
    "goods": {
      "enabled": true,
      "settings": { "pageSize": 20 }
    }
  }
}
`;

describe('editing a site file', () => {
  it('changes only the enabled value of a plugin the file mentions', () => {
    expect(setPluginEnabled(file, 'goods', false)).toBe(file.replace('"enabled": true,\n', '"enabled": false,\n'));
    expect(setPluginEnabled(setPluginEnabled(file, 'home', false), 'home', true)).toBe(file);
  });

  it('adds a plugin the file does not mention yet as one line in the style of its neighbours', () => {
    expect(setPluginEnabled(file, 'cart', true)).toBe(file.replace('    }\n  }\n}', '    },\n    "cart": { "enabled": true }\n  }\n}'));
  });

  it('fills an empty plugins object', () => {
    expect(JSON.parse(setPluginEnabled('{ "plugins": {} }', 'cart', true))).toEqual({ plugins: { cart: { enabled: true } } });
  });
});
