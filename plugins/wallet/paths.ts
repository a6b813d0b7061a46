/** The wallet's routes (spec §2); the member centre's balance and score tiles lead here. */
export const MONEY_PATH = '/user/money/money';
export const SCORE_PATH = '/user/score/score';
