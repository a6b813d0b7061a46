/** The security plugin's table, merged into the kernel's `Database`. Times are unix seconds. */

/**
 * "This shopper typed their password a moment ago": one row per user, renewed by each successful
 * /api/account/checkPassword, required (while `valid_until` lies ahead) before unbinding or
 * changing an existing binding. In the database, not in memory, so every API process sees it.
 */
export interface SecurityPasswordCheckTable {
  user_id: number;
  valid_until: number;
}

declare module '@kernel/server/database' {
  interface Database {
    security_password_check: SecurityPasswordCheckTable;
  }
}
