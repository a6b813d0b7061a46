/** The cash plugin's routes (spec §2). */
export const ADD_BANK_PATH = '/user/addBank/addBank';
export const CASH_OUT_PATH = '/user/cashOut/cashOut';
export const CASH_LOG_PATH = '/user/cashLog/cashLog';

/** `?from=cashOut` on the add-card page: go back to the cash-out once a card is added. */
export const FROM_CASH_OUT = 'cashOut';
