import { describe, expect, it } from 'vitest';
import { BizError } from '@kernel/core/errors';
import { MSG_MAX, messageOf, type SingleMessage } from './contract';
import { READ_IDS_MAX, readReadMsg, readSingle } from './frames';

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof BizError) return { key: error.key, params: error.params };
    throw error;
  }
  throw new Error('not refused');
};

describe('a `single` frame', () => {
  it('names a room and a text, trimmed, and keeps the client id', () => {
    expect(readSingle({ type: 'single', room_id: 4, msg: '  你好 \n', cid: 'c-1' })).toEqual({ roomId: 4, text: '你好', cid: 'c-1' });
    expect(readSingle({ type: 'single', room_id: '4', msg: 'hi' })).toEqual({ roomId: 4, text: 'hi' });
  });

  it('never reads a sender or an addressee from the frame', () => {
    const request = readSingle({ type: 'single', room_id: 4, msg: 'hi', from_user_id: 'admin_1', to_user_id: 'user_9' });
    expect(Object.keys(request).sort()).toEqual(['roomId', 'text']);
  });

  it('refuses an empty or blank text, or one that is not text', () => {
    for (const msg of ['', '   ', undefined, 42, { html: '<b>x</b>' }]) {
      expect(refusal(() => readSingle({ type: 'single', room_id: 4, msg }))).toEqual({ key: 'chat:message.msg_empty', params: {} });
    }
  });

  it(`takes up to ${MSG_MAX} characters, counting an emoji as one`, () => {
    expect(readSingle({ type: 'single', room_id: 4, msg: '😀'.repeat(MSG_MAX) }).text).toHaveLength(MSG_MAX * 2);
    expect(refusal(() => readSingle({ type: 'single', room_id: 4, msg: 'x'.repeat(MSG_MAX + 1) }))).toEqual({ key: 'chat:message.msg_too_long', params: { max: MSG_MAX } });
  });

  it('keeps several lines but refuses control characters', () => {
    expect(readSingle({ type: 'single', room_id: 4, msg: 'line 1\n\tline 2' }).text).toBe('line 1\n\tline 2');
    for (const msg of ['a\u0000b', 'a\u001bb']) expect(refusal(() => readSingle({ type: 'single', room_id: 4, msg })).key).toBe('kernel:payload.control');
  });

  it('refuses a missing or malformed room as a room that does not exist', () => {
    for (const room_id of [undefined, 0, -1, 1.5, 'abc', '1e3', null]) {
      expect(refusal(() => readSingle({ type: 'single', room_id, msg: 'hi' })).key).toBe('chat:message.room_not_found');
    }
  });
});

describe('a `read_msg` frame', () => {
  it('reads every unread message of the room when it lists none', () => {
    expect(readReadMsg({ type: 'read_msg', room_id: 3 })).toEqual({ roomId: 3 });
  });

  it('reads only the listed ids, each once', () => {
    expect(readReadMsg({ type: 'read_msg', room_id: 3, ids: [5, '6', 5] })).toEqual({ roomId: 3, ids: [5, 6] });
    expect(readReadMsg({ type: 'read_msg', room_id: 3, ids: [] })).toEqual({ roomId: 3, ids: [] });
  });

  it('refuses ids that are not message ids, or too many of them', () => {
    for (const ids of ['5', [0], [1, 'x'], new Array(READ_IDS_MAX + 1).fill(1)]) {
      expect(refusal(() => readReadMsg({ type: 'read_msg', room_id: 3, ids })).key).toBe('kernel:message.parameter_error');
    }
  });
});

describe('the message a `single` carries', () => {
  it('is the stored message with its own type back and no client id', () => {
    const single: SingleMessage = { type: 'single', cid: 'c-1', id: 9, room_id: 2, from_user_id: 'user_3', to_user_id: 'admin_1', msg: 'hi', createtime: 1_772_416_800, is_read: 0 };
    expect(messageOf(single)).toEqual({ id: 9, room_id: 2, from_user_id: 'user_3', to_user_id: 'admin_1', msg: 'hi', createtime: 1_772_416_800, is_read: 0, type: 'text' });
  });
});
