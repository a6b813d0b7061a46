/**
 * Order states (issue #4) and the only transitions the server allows. Pure: the services ask
 * `next()` and write the new state with a conditional update on the old one.
 */
export const STATUS = { cancelled: -1, placed: 1, paid: 2, shipped: 3, received: 4, completed: 5 } as const;
export type OrderStatus = (typeof STATUS)[keyof typeof STATUS];

export type OrderAction = 'pay' | 'cancel' | 'expire' | 'ship' | 'receive' | 'complete';

const TRANSITIONS: Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  pay: { from: [STATUS.placed], to: STATUS.paid },
  // A shopper may cancel until the parcel leaves; a paid order is refunded.
  cancel: { from: [STATUS.placed, STATUS.paid], to: STATUS.cancelled },
  expire: { from: [STATUS.placed], to: STATUS.cancelled },
  ship: { from: [STATUS.paid], to: STATUS.shipped },
  receive: { from: [STATUS.shipped], to: STATUS.received },
  complete: { from: [STATUS.received], to: STATUS.completed },
};

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
} as const satisfies Record<string, readonly OrderStatus[] | null>;
export type ListTab = keyof typeof LIST_TABS;
export const TAB_NAMES = Object.keys(LIST_TABS) as ListTab[];
