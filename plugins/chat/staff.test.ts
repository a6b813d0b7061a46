import { describe, expect, it } from 'vitest';
import { pickStaff, type StaffCandidate } from './staff';

const staff = (id: number, more: Partial<StaffCandidate> = {}): StaffCandidate => ({ id, online: false, waiting: 0, rooms: 0, talkedAt: null, ...more });

describe('which staff member serves a shopper', () => {
  it('is nobody when the site has no staff', () => {
    expect(pickStaff([])).toBeNull();
  });

  it('is the one the shopper talked to before, even when another is online and idle', () => {
    expect(pickStaff([staff(1, { online: true }), staff(2, { talkedAt: 100, waiting: 9 })])).toBe(2);
  });

  it('is the most recent of several the shopper talked to', () => {
    expect(pickStaff([staff(1, { talkedAt: 100 }), staff(2, { talkedAt: 300 }), staff(3, { talkedAt: 200 })])).toBe(2);
  });

  it('else is an online one rather than an offline one, however busy', () => {
    expect(pickStaff([staff(1, { waiting: 0 }), staff(2, { online: true, waiting: 5, rooms: 40 })])).toBe(2);
  });

  it('among the online, is the one with the fewest rooms waiting for a reply', () => {
    expect(pickStaff([staff(1, { online: true, waiting: 3, rooms: 3 }), staff(2, { online: true, waiting: 1, rooms: 20 }), staff(3, { online: true, waiting: 2 })])).toBe(2);
  });

  it('on equal waiting rooms, the one with fewer rooms, then the lowest id', () => {
    expect(pickStaff([staff(1, { online: true, waiting: 1, rooms: 8 }), staff(2, { online: true, waiting: 1, rooms: 4 })])).toBe(2);
    expect(pickStaff([staff(5, { online: true }), staff(3, { online: true }), staff(4)])).toBe(3);
  });

  it('when nobody is online, is the least busy of all: the room waits for them', () => {
    expect(pickStaff([staff(1, { waiting: 2 }), staff(2, { waiting: 0, rooms: 7 }), staff(3, { waiting: 1 })])).toBe(2);
  });

  it('leaves the list it was given in its order', () => {
    const list = [staff(2, { online: true, rooms: 3 }), staff(1, { online: true, rooms: 1 })];
    pickStaff(list);
    expect(list.map((s) => s.id)).toEqual([2, 1]);
  });
});
