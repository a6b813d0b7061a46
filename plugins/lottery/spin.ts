/**
 * The wheel's geometry: slot `i` spans [45·i, 45·i + 45) degrees clockwise from the top, where the
 * pointer is. Turning the wheel by R degrees brings the point at −R under the pointer.
 */
import { SLOT_COUNT } from './contract';

export const SLOT_ANGLE = 360 / SLOT_COUNT;
/** Full turns a spin makes before it stops (none with reduced motion). */
export const SPIN_TURNS = 6;
/** How long a spin lasts; the CSS transition uses the same figure. */
export const SPIN_MS = 4500;

const mod360 = (degrees: number) => ((degrees % 360) + 360) % 360;

/** The rotation, from `current` onwards and `turns` full turns later, that stops the middle of `slot` under the pointer. */
export function spinTo(current: number, slot: number, turns: number): number {
  const target = mod360(-(slot * SLOT_ANGLE + SLOT_ANGLE / 2));
  return current + turns * 360 + mod360(target - mod360(current));
}

/** The slot under the pointer when the wheel is turned by `rotation` degrees. */
export function slotAt(rotation: number): number {
  return Math.floor(mod360(-rotation) / SLOT_ANGLE) % SLOT_COUNT;
}
