/** The member centre's route (spec §2). */
export const MEMBER_PATH = '/pages/user/user';
