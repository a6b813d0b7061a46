/**
 * What `storefront article add` and `storefront notice add` take from the operator's disk and
 * the catalogue: the bodies' files, a cover (a shop path or URL as it is, or a picture file copied
 * among the uploads) and the goods to link (each must exist and be on sale). Every problem is
 * collected, so one refusal names them all.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { keepPicture, pictureSource } from '@kernel/server/operator-pictures';
import type { OperatorContext } from '@kernel/server/plugin';
import { plainTextOf } from '@kernel/server/rich-text';
import { cardsByIds } from '@plugins/goods/public';

/** Problems found so far; each names its `--option`. */
export type Problems = string[];

/** A body file's HTML; null (and a problem) when it cannot be read or holds no text nor picture. */
export async function bodyFile(file: string, flag: string, problems: Problems): Promise<string | null> {
  let html: string;
  try {
    html = await readFile(path.resolve(file), 'utf8');
  } catch (error) {
    problems.push(`${flag}: cannot read "${file}" (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    return null;
  }
  if (!plainTextOf(html) && !/<img\b/i.test(html)) {
    problems.push(`${flag}: "${file}" holds no text`);
    return null;
  }
  return html;
}

/** The cover as shoppers' pages load it: `/uploads/…` and http(s) URLs as given, a picture file copied among the uploads. */
export async function coverOf(ctx: Pick<OperatorContext, 'services'>, cover: string, problems: Problems): Promise<string> {
  const source = await pictureSource(cover, process.cwd());
  if ('problem' in source) {
    problems.push(`--cover: ${source.problem}`);
    return '';
  }
  return keepPicture(ctx.services.uploads, 'article', source);
}

/** `1,2,3` as goods ids; a problem for anything else. */
export function goodsIdsOf(text: string, problems: Problems): number[] {
  const parts = text.split(',').map((part) => part.trim()).filter(Boolean);
  const bad = parts.filter((part) => !/^[1-9]\d{0,9}$/.test(part));
  if (bad.length > 0 || parts.length === 0) {
    problems.push(`--goods: give goods ids separated by commas, e.g. 1,2 (not ${bad.map((b) => `"${b}"`).join(', ') || 'nothing'})`);
    return [];
  }
  return [...new Set(parts.map(Number))];
}

/** A problem naming every goods among `ids` that does not exist or is not on sale. */
export async function checkGoods(ctx: Pick<OperatorContext, 'db' | 'siteName'>, ids: readonly number[], problems: Problems): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set((await cardsByIds(ctx.db, ids)).map((card) => card.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) problems.push(`--goods: ${missing.map((id) => `goods ${id}`).join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist or ${missing.length === 1 ? 'is' : 'are'} not on sale in site \`${ctx.siteName}\``);
}
