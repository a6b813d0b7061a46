/**
 * The coupon plugin's operator commands:
 *   storefront coupon create --name 满100减10 [--name-en "¥10 off ¥100"] --kind full --amount 10 --min 100 (--days 7 | --from … --until …) [--total 100] [--per-user 1] [--hidden]
 *   storefront coupon list
 *   storefront coupon disable <id>
 *   storefront coupon grant <username> <id>      (support: outside stock and limits)
 */
import * as z from 'zod/mini';
import { formatYuan } from '@kernel/core/money';
import { id as idSchema, text } from '@kernel/core/schemas';
import { businessDate } from '@kernel/server/clock';
import { defineCommand } from '@kernel/server/operator-options';
import { OperatorError, type OperatorCommand } from '@kernel/server/plugin';
import { grantCoupon } from './claim';
import { checkCreateCoupon, couponSpecOf, createCouponOptions } from './create-options';
import type {} from './tables';
import type { CouponRow } from './view';


/** "满100减10 (full: ¥10 off from ¥100)". */
export function describeTerms(c: Pick<CouponRow, 'kind' | 'amount' | 'rate' | 'cap' | 'min_amount'>): string {
  const min = Number(c.min_amount) > 0 ? ` from ¥${formatYuan(Number(c.min_amount))}` : '';
  if (c.kind === 'rate') return `${100 - Number(c.rate)} % off${c.cap === null ? '' : ` up to ¥${formatYuan(Number(c.cap))}`}${min}`;
  return `¥${formatYuan(Number(c.amount))} off${c.kind === 'any' ? ' any order' : min}`;
}

const validity = (c: Pick<CouponRow, 'valid_days' | 'starts_at' | 'ends_at'>) =>
  c.valid_days !== null ? `${c.valid_days} days from claiming` : `${businessDate(Number(c.starts_at) * 1000)} to ${businessDate(Number(c.ends_at) * 1000 - 1000)}`;

export const couponCommands: OperatorCommand[] = [
  defineCommand({
    command: 'coupon create',
    description: 'make a coupon: an amount off from a minimum (full), a share off (rate) or an amount off any order (any)',
    options: createCouponOptions,
    check: checkCreateCoupon,
    async run({ options, ctx }) {
      const now = ctx.services.clock.nowSeconds();
      const spec = couponSpecOf(options);
      if (spec.ends_at !== null && spec.ends_at <= now) throw new OperatorError(`--until (${businessDate(spec.ends_at * 1000 - 1000)}) has passed`);
      const row = await ctx.db
        .insertInto('coupon_coupon')
        .values({ ...spec, claimed: 0, disabled_at: null, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return {
        lines: [`coupon ${row.id} in site \`${ctx.siteName}\`: "${row.name}"${row.name_en ? ` ("${row.name_en}")` : ''}, ${describeTerms(row)}, ${validity(row)}, ${row.total} to claim, ${row.per_user} per shopper${row.listed ? '' : ', hidden'}`],
        data: { id: row.id, ...spec },
      };
    },
  }),
  {
    command: 'coupon list',
    description: 'every coupon: terms, validity, claimed of total, used',
    async run({ ctx }) {
      const coupons = await ctx.db.selectFrom('coupon_coupon').selectAll().orderBy('id').execute();
      const used = await ctx.db
        .selectFrom('coupon_user')
        .select(['coupon_id', (eb) => eb.fn.countAll<number>().as('used')])
        .where('used_at', 'is not', null)
        .groupBy('coupon_id')
        .execute();
      const usedBy = new Map(used.map((u) => [u.coupon_id, Number(u.used)]));
      if (coupons.length === 0) return { lines: ['no coupons yet: `storefront coupon create --help`'], data: [] };
      return {
        lines: coupons.map(
          (c) =>
            `${c.id}  "${c.name}"  ${describeTerms(c)}, ${validity(c)}, claimed ${c.claimed}/${c.total}, used ${usedBy.get(c.id) ?? 0}${c.listed ? '' : ', hidden'}${c.disabled_at === null ? '' : ', disabled'}`,
        ),
        data: coupons.map((c) => ({ ...c, used: usedBy.get(c.id) ?? 0 })),
      };
    },
  },
  defineCommand({
    command: 'coupon disable <id>',
    description: 'stop a coupon: no more claims, grants or new orders with it; copies already used stay used',
    arguments: z.object({ id: idSchema() }),
    async run({ params: { id }, ctx }) {
      const result = await ctx.db.updateTable('coupon_coupon').set({ disabled_at: ctx.services.clock.nowSeconds() }).where('id', '=', id).where('disabled_at', 'is', null).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        const exists = await ctx.db.selectFrom('coupon_coupon').select('id').where('id', '=', id).executeTakeFirst();
        if (!exists) throw new OperatorError(`coupon ${id} does not exist in site \`${ctx.siteName}\``);
        return { lines: [`coupon ${id} was disabled already`], data: { id, disabled: true, changed: false } };
      }
      return { lines: [`coupon ${id} disabled`], data: { id, disabled: true, changed: true } };
    },
  }),
  defineCommand({
    command: 'coupon grant <username> <id>',
    description: "give a shopper a copy of a coupon (support), outside its stock and per-shopper limit",
    arguments: z.object({ username: text(64), id: idSchema() }),
    async run({ params: { username, id }, ctx }) {
      const user = await ctx.services.users.find(ctx.db, { username });
      if (!user) throw new OperatorError(`there is no user "${username}" in site \`${ctx.siteName}\``);
      const now = ctx.services.clock.nowSeconds();
      const copyId = await ctx.db.transaction().execute((tx) => grantCoupon(tx, { userId: user.id, couponId: id, ref: `support:${user.id}:${id}:${now}`, now }));
      return { lines: [`gave ${username} coupon ${id} (copy ${copyId})`], data: { username, coupon_id: id, copy_id: copyId } };
    },
  }),
];
