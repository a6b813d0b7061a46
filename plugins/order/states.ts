/**
 * Order states (issue #4) and the only transitions the server allows. Pure: every move goes
 * through `moveOrder` (./move.ts), which writes the new state with a conditional update on the old one.
 * The numbers are the wire's: `refunded` (issue #25) came last, so the older ones never change.
 */
export const STATUS = { cancelled: -1, placed: 1, paid: 2, shipped: 3, received: 4, completed: 5, refunded: 6 } as const;
export type OrderStatus = (typeof STATUS)[keyof typeof STATUS];

export type OrderAction = 'pay' | 'cancel' | 'expire' | 'ship' | 'receive' | 'complete' | 'refund';

const TRANSITIONS: Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  pay: { from: [STATUS.placed], to: STATUS.paid },
  // A shopper may cancel until the parcel leaves; a paid order is refunded.
  cancel: { from: [STATUS.placed, STATUS.paid], to: STATUS.cancelled },
  expire: { from: [STATUS.placed], to: STATUS.cancelled },
  ship: { from: [STATUS.paid], to: STATUS.shipped },
  receive: { from: [STATUS.shipped], to: STATUS.received },
  complete: { from: [STATUS.received], to: STATUS.completed },
  // Staff give the money back of an order that was paid, whether or not it has left; of a
  // completed one too, by exception after the after-sales window (what it earned others, such as
  // a team's commission, is then taken back: issue #27).
  refund: { from: [STATUS.paid, STATUS.shipped, STATUS.received, STATUS.completed], to: STATUS.refunded },
};

export const ACTIONS = Object.keys(TRANSITIONS) as OrderAction[];

/** The state `action` moves an order to. */
export const targetOf = (action: OrderAction): OrderStatus => TRANSITIONS[action].to;

/** The state after `action`, or null when the action is not allowed from `status`. */
export function next(status: OrderStatus, action: OrderAction): OrderStatus | null {
  const rule = TRANSITIONS[action];
  return rule.from.includes(status) ? rule.to : null;
}

export const allowedFrom = (action: OrderAction): readonly OrderStatus[] => TRANSITIONS[action].from;

/** The tabs of "my orders" and the states each shows. */
export const LIST_TABS = {
  all: null,
  unpaid: [STATUS.placed],
  toship: [STATUS.paid],
  shipping: [STATUS.shipped],
  received: [STATUS.received, STATUS.completed],
  cancelled: [STATUS.cancelled],
  refunded: [STATUS.refunded],
} as const satisfies Record<string, readonly OrderStatus[] | null>;
export type ListTab = keyof typeof LIST_TABS;
export const TAB_NAMES = Object.keys(LIST_TABS) as ListTab[];
