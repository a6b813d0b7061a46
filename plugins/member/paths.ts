/** The member plugin's routes (spec §2). */
export const MEMBER_PATH = '/pages/user/user';
export const PROFILE_PATH = '/user/profile/profile';
export const AVATAR_PATH = '/user/avatar/avatar';
