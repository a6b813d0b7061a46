/** The team plugin's settings (a site sets them under `plugins.team.settings` in its config file). */
import * as z from 'zod/mini';
import { setting } from '@kernel/core/schemas';

export const teamSettings = z.object({
  /** Members per page of the team list. */
  membersPerPage: setting(5, 50, 20),
  /** Commission of the buyer's inviter, in basis points of what the order paid after discounts (1000 = 10 %). */
  level1Rate: setting(0, 5000, 1000),
  /** Commission of the inviter's inviter, in basis points (500 = 5 %). */
  level2Rate: setting(0, 5000, 500),
  /** Days after an order completes before its commission is credited (until then a refund reverses it). */
  freezeDays: setting(0, 90, 7),
  /** Days an agent's goods link counts for the shopper who followed it. */
  referralDays: setting(1, 90, 7),
  /** How many goods one shopper may promote. */
  maxAgentGoods: setting(1, 1000, 100),
});
export type TeamSettings = z.output<typeof teamSettings>;
