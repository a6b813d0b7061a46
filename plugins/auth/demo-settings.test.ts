import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { discoverPlugins } from '@kernel/server/discover';
import { createRegistry, type PluginRegistry } from '@kernel/server/registry';
import { parseSiteFile } from '@kernel/server/site-config';
import { REPO_ROOT } from '@kernel/server/testing';

const shipped = fs.readFileSync(path.join(REPO_ROOT, 'config', 'sites', 'default.json'), 'utf8');
let registry: PluginRegistry;
beforeAll(async () => {
  registry = createRegistry(await discoverPlugins(REPO_ROOT));
});

const authOf = (text: string, demo: boolean) => parseSiteFile(text, 'default', registry, { demo }).site?.settings.get('auth');

describe('the shipped site file', () => {
  it('starts a real shop with no pretend third-party platform and registrations limited per IP', () => {
    expect(authOf(shipped, false)).toEqual({ thirdLogin: [], registrationsPerIpHour: 10 });
  });

  it('starts the demo (--demo) with the pretend platform and no registration limit, for its e2e suite and benchmarks', () => {
    expect(authOf(shipped, true)).toEqual({ thirdLogin: ['local'], registrationsPerIpHour: 0 });
  });

  it('lets a site file set what the demo would, in the demo too', () => {
    const file = JSON.parse(shipped) as { plugins: { auth: { settings?: object } } };
    file.plugins.auth.settings = { registrationsPerIpHour: 3 };
    expect(authOf(JSON.stringify(file), true)).toEqual({ thirdLogin: ['local'], registrationsPerIpHour: 3 });
  });

  it('ships a logo of its own (app/public), not a demo upload, so an empty shop shows it', () => {
    const { site } = parseSiteFile(shipped, 'default', registry);
    expect(site?.file.site.siteLogo).toBe('/logo.png');
    expect(fs.existsSync(path.join(REPO_ROOT, 'app', 'public', 'logo.png'))).toBe(true);
  });
});
