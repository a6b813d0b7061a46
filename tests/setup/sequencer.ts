/**
 * The order vitest starts test files in. Vitest's own order (failed first, then longest first by
 * its cache, else largest first) stays, except that files which start real processes, project
 * copies, clusters or builds go first: with three workers, such a file started last would keep
 * one worker busy long after the others ran dry. A clean checkout (CI) has no duration cache, so
 * the mark is read from the file itself.
 */
import fs from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** What a slow file uses: the real CLI, a project copy, child processes, a node cluster, a build. */
const STARTS_PROCESSES = /\b(copyProject|storefrontOn|runCommand|spawn|execFile|fork|startShop)\(|from 'vite'/;

const marks = new Map<string, boolean>();
function startsProcesses(file: string): boolean {
  let mark = marks.get(file);
  if (mark === undefined) {
    mark = STARTS_PROCESSES.test(fs.readFileSync(file, 'utf8'));
    marks.set(file, mark);
  }
  return mark;
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => startsProcesses(f.moduleId)), ...sorted.filter((f) => !startsProcesses(f.moduleId))];
  }
}
