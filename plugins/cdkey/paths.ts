/** The card-key page's route (spec §2, custom navigation bar). */
export const ADD_CDKEY_PATH = '/user/cdkey/addCdkey';
