/** The lottery page's route (spec §2). */
export const LOTTERY_PATH = '/marketing/lottery/lottery';
