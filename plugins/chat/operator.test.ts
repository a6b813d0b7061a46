import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorCommand } from '@kernel/server/plugin';
import type { TestServer, TestUser } from '@kernel/server/testing';
import { runOperator } from '../../cli/commands/operator';
import { storefrontInProcessOn } from '../../tests/cli/in-process';
import { storefrontOn } from '../../tests/cli/run';
import { storeMessage } from './messages';
import chat from './server';
import { chatServer, openRoom, shopper, staff } from './testing';

let t: TestServer;
let amy: TestUser;
let ben: TestUser;
beforeAll(async () => {
  t = await chatServer();
  amy = await staff(t, 'Amy');
  ben = await staff(t, 'Ben');
});
afterAll(() => t.close());

const command = (name: string) => chat.commands?.find((c) => c.command.startsWith(`chat ${name}`)) as OperatorCommand;
/** As the CLI runs it: options as commander hands them over, refusals as CliErrors. */
const run = (name: string, options: Record<string, unknown> = {}) => runOperator(t.app, chat as never, command(name), [], options);
const now = () => Math.floor(t.clock.now() / 1000);

describe('storefront chat rooms and chat staff', () => {
  it('says so when there are no rooms yet', async () => {
    expect((await run('rooms')).lines).toEqual(['no chat rooms in site `test`']);
    expect((await run('rooms', { staff: amy.username })).lines).toEqual([`no chat rooms of staff \`${amy.username}\` in site \`test\``]);
  });

  it('lists rooms newest first with what each side has not read, or one staff member’s', async () => {
    const ann = await shopper(t);
    const { room } = await openRoom(t, ann);
    t.clock.advance(60_000);
    for (const text of ['where is my parcel?', 'hello?']) await storeMessage(t.db, { roomId: room.id, senderId: ann.id, text, now: now() });
    const assigned = room.peaple2.id === `admin_${amy.id}` ? amy : ben;
    await storeMessage(t.db, { roomId: room.id, senderId: assigned.id, text: 'Looking into it now, one moment please — '.repeat(2), now: now() });

    const { lines, data } = await run('rooms', { staff: assigned.username });
    expect(lines).toEqual([
      `room ${room.id}: ${ann.username} ↔ staff ${assigned.username}, 2 unread by staff, 1 unread by the shopper, last 2026-03-02 10:01:00 "Looking into it now, one momen…"`,
    ]);
    expect(data).toEqual([
      { id: room.id, shopper: ann.username, staff: assigned.username, last_msg: expect.stringMatching(/^Looking/), updatetime: now(), unread_by_staff: 2, unread_by_shopper: 1 },
    ]);
    expect((await run('rooms')).lines[0]).toMatch(new RegExp(`^room ${room.id}: `));
  });

  it('refuses a --staff that is no staff account, naming it and the site', async () => {
    const cat = await shopper(t);
    await expect(run('rooms', { staff: 'nobody' })).rejects.toThrow('user `nobody` does not exist in site `test`');
    await expect(run('rooms', { staff: cat.username })).rejects.toThrow(`user \`${cat.username}\` in site \`test\` is not a staff account`);
  });

  it('lists staff with their rooms and waiting rooms, and says online state is the running server’s', async () => {
    const { lines, data } = await run('staff');
    expect(lines.slice(0, 2)).toEqual([
      expect.stringMatching(new RegExp(`^${amy.username} \\(user ${amy.id}, Amy\\): \\d+ rooms, \\d+ waiting$`)),
      expect.stringMatching(new RegExp(`^${ben.username} \\(user ${ben.id}, Ben\\): \\d+ rooms, \\d+ waiting$`)),
    ]);
    expect(lines.at(-1)).toBe('Online state is known only to the running server (storefront start), not to this command.');
    const rows = data as { id: number; rooms: number; waiting: number }[];
    const total = rows.reduce((sum, r) => sum + r.rooms, 0);
    expect(total).toBe(Number((await t.db.selectFrom('chat_room').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n));
  });
});

describe('the invariants storefront doctor checks', () => {
  it('hold for rooms written through the chat, and name a room whose last message is stale or a message between strangers', async () => {
    const ann = await shopper(t);
    const { room } = await openRoom(t, ann);
    const { message } = await storeMessage(t.db, { roomId: room.id, senderId: ann.id, text: 'first', now: now() });
    expect(await t.violations()).toEqual([]);

    const eve = await shopper(t);
    const stray = await t.db
      .insertInto('chat_message')
      .values({ room_id: room.id, from_user_id: eve.id, to_user_id: ann.id, msg: 'sneaky', createtime: now(), is_read: 0, type: 'text' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const staffId = room.peaple2.id.replace('admin_', '');
    expect(await t.violations()).toEqual([
      `room ${room.id}: last_msg_id ${message.id} but its newest message is ${stray.id}`,
      `message ${stray.id} in room ${room.id}: from user ${eve.id} to user ${ann.id}, but the room is between users ${ann.id} and ${staffId}`,
    ]);
    await t.db.deleteFrom('chat_message').where('id', '=', stray.id).execute();
    await t.db.updateTable('chat_room').set({ last_msg: 'edited' }).where('id', '=', room.id).execute();
    expect(await t.violations()).toEqual([`room ${room.id}: last_msg differs from the text of message ${message.id}`]);
    await t.db.updateTable('chat_room').set({ last_msg: 'first' }).where('id', '=', room.id).execute();
    expect(await t.violations()).toEqual([]);
  });
});

describe('the storefront binary', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-chat-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  // `chat staff` and `chat rooms` each once as a real process; the staff member is added in this one.
  const storefront = (...args: string[]) => storefrontOn(dataDir)(...args);
  const inProcess = (...args: string[]) => storefrontInProcessOn(dataDir)(...args);

  it('lists staff added with `user add --staff`, and refuses a --staff that is no staff account with exit code 1', async () => {
    expect((await inProcess('user', 'add', 'desk1', '--staff', '--password', 'desk123456')).code).toBe(0);
    const listed = await storefront('chat', 'staff');
    expect([listed.code, listed.stdout]).toEqual([0, expect.stringContaining('desk1 (user 1, desk1): 0 rooms, 0 waiting')]);
    const refused = await storefront('chat', 'rooms', '--staff', 'nobody');
    expect([refused.code, refused.stderr.trim()]).toEqual([1, '✖ user `nobody` does not exist in site `default`']);
  }, 120_000);
});
