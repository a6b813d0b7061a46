/**
 * A shopper's keyword matched in a column, case-insensitively, with `\` as the escape character
 * so their `%` and `_` match themselves: `pattern` is ../core/like.ts's `containsPattern(keyword)`.
 */
import { sql } from 'kysely';

export const likeAnyCase = (column: string, pattern: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
