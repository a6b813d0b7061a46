import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../kernel/server/test-wait';
import { freePort, startChild, waitUntilReady, watchOutput } from './processes';

/** Running, not gone and not a zombie waiting for an orphan reaper. */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

describe('bench child processes', () => {
  it('stops the child and everything it started', async () => {
    // The shell prints the pid of a grandchild it leaves running in the background.
    const child = startChild('sleepers', 'sh', ['-c', 'sleep 30 & echo $!; wait'], process.cwd());
    await waitUntilReady(child, async () => /\d+/.test(child.output()), 5_000);
    const grandchild = Number(child.output().trim());
    expect(alive(grandchild)).toBe(true);
    await child.stop();
    expect(alive(child.process.pid ?? 0)).toBe(false);
    // The group's signal reaches the grandchild at the same time, but under load it can die a moment after the child.
    await eventually(() => !alive(grandchild), 'the grandchild to be gone');
  });

  it('reports a child that exits before it answers, with what it wrote', async () => {
    const child = startChild('broken', 'sh', ['-c', 'echo cannot open the database >&2; exit 3'], process.cwd());
    await expect(waitUntilReady(child, async () => false, 5_000)).rejects.toThrow(/broken exited \(3\)[\s\S]*cannot open the database/);
  });

  it('gives up on a child that never answers', async () => {
    const child = startChild('silent', 'sleep', ['30'], process.cwd());
    try {
      await expect(waitUntilReady(child, async () => false, 500)).rejects.toThrow('silent did not answer within 0.5 s');
    } finally {
      await child.stop();
    }
  });

  it('finds a port that can be listened on', async () => {
    const port = await freePort();
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    server.close();
    expect(port).toBeGreaterThan(0);
  });

  it('waits for what a child writes, on either stream, and says so when it ends without it', async () => {
    const child = spawn('sh', ['-c', 'echo starting; echo ready on 4000 >&2; echo done'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = watchOutput(child, 'talker');
    expect((await output.until((text) => /ready on (\d+)/.exec(text), 'saying it is ready', 5_000))[1]).toBe('4000');
    await expect(output.until((text) => text.includes('never'), 'saying never', 5_000)).rejects.toThrow(/^talker ended before saying never; its output:\n/);
    expect(output.text()).toContain('done');
  });
});
