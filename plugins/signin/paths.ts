/** The sign-in page's route (spec §2). */
export const SIGNIN_PATH = '/marketing/signin/signin';
