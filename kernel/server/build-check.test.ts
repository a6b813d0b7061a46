import { afterEach, describe, expect, it } from 'vitest';
import { pluginsMissingFromBuild } from './build-check';
import { descriptorSource, fakeProject, type FakeProject } from './fake-project';

const projects: FakeProject[] = [];
afterEach(() => projects.splice(0).forEach((p) => p.remove()));

describe('plugins missing from the build', () => {
  it('names client plugins the build manifest does not hold', () => {
    const project = fakeProject({ home: { descriptor: { id: 'home', version: '1.0.0' } }, wishlist: { descriptor: { id: 'wishlist', version: '1.0.0' } } });
    projects.push(project);
    project.write('plugins/home/index.ts', '');
    project.write('plugins/wishlist/index.ts', '');
    project.write('plugins/serveronly/plugin.ts', descriptorSource({ id: 'serveronly', version: '1.0.0' }));
    project.write('plugins/serveronly/server.ts', '');
    project.write('dist/.vite/manifest.json', JSON.stringify({ '../plugins/home/i18n/en.json': { file: 'assets/en.js' } }));
    expect(pluginsMissingFromBuild(project.root, `${project.root}/dist`)).toEqual(['wishlist']);
  });

  it('says nothing without a build', () => {
    const project = fakeProject({ home: { descriptor: { id: 'home', version: '1.0.0' } } });
    projects.push(project);
    project.write('plugins/home/index.ts', '');
    expect(pluginsMissingFromBuild(project.root, `${project.root}/dist`)).toEqual([]);
  });
});
