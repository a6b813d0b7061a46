/**
 * Editing a test server's site file (kernel/server/testing.ts `t.editSite`, `t.setPlugins`): the
 * file replaced the way editors do, then a wait until the running app applied it, or a failure
 * listing the problems when it refused the edit.
 */
import fs from 'node:fs';
import type { SiteFile } from '../core/site';
import type { LiveSiteConfig } from './site-config';

/** Edits `siteFile` and waits until `site()`, the live config of the current app, has swapped to it. */
export async function editSiteFile(siteFile: string, site: () => LiveSiteConfig, mutate: (file: SiteFile) => void): Promise<void> {
  const current = readSiteFile(siteFile) ?? structuredClone(site().current().file);
  mutate(current);
  const before = site().version;
  const problemsBefore = site().problems;
  // Replace the file the way editors do: write aside, then rename over it.
  fs.writeFileSync(`${siteFile}.tmp`, JSON.stringify(current, null, 2));
  fs.renameSync(`${siteFile}.tmp`, siteFile);
  await waitForSwap(site, before, problemsBefore);
}

async function waitForSwap(site: () => LiveSiteConfig, before: number, problemsBefore: unknown) {
  const deadline = Date.now() + 5000;
  while (site().version === before) {
    if (site().problems !== problemsBefore && site().problems.length > 0) {
      throw new Error(`the site edit was refused:\n${site().problems.map((p) => `  - ${p.message}`).join('\n')}`);
    }
    if (Date.now() > deadline) throw new Error('the site edit was not applied within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The file as written, or null when a test left it broken (the edit then starts from the config in use). */
function readSiteFile(file: string): SiteFile | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as SiteFile;
  } catch {
    return null;
  }
}
