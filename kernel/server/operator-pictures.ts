/**
 * Pictures an operator names on the command line or in an import file: a shop path (`/uploads/…`)
 * or an http(s) URL is used as it is; a picture file on disk is copied among the uploads, named by
 * its content so the same picture given twice is kept once (and an import run twice changes
 * nothing). Checking and copying are two steps, so a command refuses before it copies anything.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { cleanPicture } from './images';
import type { ServerServices } from './plugin';

const PICTURE = /\.(jpe?g|png|gif|webp|svg)$/i;

/** A picture to use: a URL as given, or a file to copy among the uploads. */
export type PictureSource = { url: string } | { file: string; ext: string };

/** Where `given` points, relative paths from `from`; a problem (without the option or column it came from) when it is no usable picture. */
export async function pictureSource(given: string, from: string): Promise<PictureSource | { problem: string }> {
  if (given.startsWith('/uploads/') || /^https?:\/\//i.test(given)) return { url: given };
  const ext = PICTURE.exec(given)?.[1]?.toLowerCase();
  if (!ext) return { problem: `"${given}" is no picture (a .jpg, .png, .gif, .webp or .svg file, a /uploads/… path or an http(s) URL)` };
  const file = path.resolve(from, given);
  try {
    if (!(await stat(file)).isFile()) return { problem: `cannot read "${given}" (not a file)` };
  } catch (error) {
    return { problem: `cannot read "${given}" (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
  return { file, ext: ext === 'jpeg' ? 'jpg' : ext };
}

/** The name a picture file is kept under: its content's hash (streamed: a catalogue's pictures never sit in memory at once). */
async function keptName(source: { file: string; ext: string }): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(source.file)) hash.update(chunk as Buffer);
  return `${hash.digest('hex').slice(0, 32)}.${source.ext}`;
}

/** The URL `keepPicture` would give the picture, copying nothing (a dry run). */
export async function plannedPictureUrl(folder: string, source: PictureSource): Promise<string> {
  return 'url' in source ? source.url : `/uploads/${folder}/${await keptName(source)}`;
}

/** The picture's URL, a file copied into the uploads' `folder` first. */
export async function keepPicture(uploads: ServerServices['uploads'], folder: string, source: PictureSource): Promise<string> {
  if ('url' in source) return source.url;
  // Kept upright and without its metadata (a phone photo's GPS position), as an upload is; named by the file given.
  const make = async () => {
    const original = await readFile(source.file);
    return (await cleanPicture(original, source.ext)) ?? original;
  };
  return uploads.keep(folder, await keptName(source), make);
}
