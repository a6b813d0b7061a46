/** A test file's server over a throwaway project root holding only the given fake plugins. */
import { afterAll, beforeAll } from 'vitest';
import { fakeProject, type FakePlugin } from './fake-project';
import { createTestServer, type TestServer } from './testing';

/** Starts the server before the file's tests and removes it and its project after them. */
export function serveFakeProject(plugins: Record<string, FakePlugin>, started: (server: TestServer) => void) {
  const project = fakeProject(plugins);
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await createTestServer({ root: project.root });
    started(server);
  });
  afterAll(async () => {
    await server?.close();
    project.remove();
  });
  return project;
}
