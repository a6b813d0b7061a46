/**
 * The invite poster as an image: drawn on a canvas (the shop's name, who invites, the QR code, the
 * code and a caption) and handed to the browser as a PNG download. The avatar is a picture from
 * anywhere: drawn when it loads and leaves the canvas readable, left out otherwise, so saving
 * never fails because of it. The browser's parts (images, canvases, the download) come in as
 * `PosterEdges`, so the rules run in tests without one.
 */

export const POSTER_WIDTH = 600;
export const POSTER_HEIGHT = 880;
const QR_SIZE = 320;
const AVATAR_SIZE = 96;
const PADDING = 40;
/** An avatar that has not loaded by then is left out rather than holding the save up. */
export const IMAGE_TIMEOUT_MS = 8000;

/** What the poster says, already translated. */
export interface PosterContent {
  siteName: string;
  /** "安安 invites you". */
  invites: string;
  /** "Invite code AB12CD". */
  code: string;
  caption: string;
  /** Addresses as an <img> takes them (the CDN rule already applied). */
  qr: string;
  avatar: string;
  /** The site's theme colour (`--theme`), behind the heading. */
  accent: string;
}

/** The part of a 2D context the poster draws with. */
export type PosterPen = Pick<
  CanvasRenderingContext2D,
  'fillStyle' | 'font' | 'textAlign' | 'textBaseline' | 'fillRect' | 'fillText' | 'measureText' | 'drawImage' | 'save' | 'restore' | 'beginPath' | 'arc' | 'clip'
>;

export interface PosterCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): PosterPen | null;
  toBlob(done: (blob: Blob | null) => void, type?: string): void;
}

export interface PosterEdges {
  /** Resolves with the loaded image, or null when it fails or takes too long. */
  loadImage(src: string): Promise<CanvasImageSource | null>;
  canvas(): PosterCanvas;
  download(blob: Blob, fileName: string): void;
}

/** `text` shortened with an ellipsis until it fits `maxWidth` as `measure` has it. */
export function fitText(text: string, maxWidth: number, measure: (text: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 0 && measure(`${chars.join('')}…`) > maxWidth) chars.pop();
  return `${chars.join('')}…`;
}

/** Draws the whole poster; the avatar only when given. */
export function drawPoster(pen: PosterPen, content: PosterContent, images: { qr: CanvasImageSource; avatar: CanvasImageSource | null }): void {
  const centre = POSTER_WIDTH / 2;
  const line = (text: string, y: number, font: string, colour: string) => {
    pen.font = font;
    pen.fillStyle = colour;
    pen.fillText(fitText(text, POSTER_WIDTH - 2 * PADDING, (t) => pen.measureText(t).width), centre, y);
  };
  pen.fillStyle = '#ffffff';
  pen.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  pen.fillStyle = content.accent;
  pen.fillRect(0, 0, POSTER_WIDTH, 260);
  // Darkened as the page's --theme-strong is (85 % theme, 15 % black), so the white words stay readable.
  pen.fillStyle = 'rgba(0, 0, 0, 0.15)';
  pen.fillRect(0, 0, POSTER_WIDTH, 260);
  pen.textAlign = 'center';
  pen.textBaseline = 'middle';

  if (images.avatar) {
    pen.save();
    pen.beginPath();
    pen.arc(centre, 40 + AVATAR_SIZE / 2, AVATAR_SIZE / 2, 0, Math.PI * 2);
    pen.clip();
    pen.drawImage(images.avatar, centre - AVATAR_SIZE / 2, 40, AVATAR_SIZE, AVATAR_SIZE);
    pen.restore();
  }
  // Without an avatar the words move up into its place.
  const top = images.avatar ? 170 : 100;
  line(content.invites, top, '26px sans-serif', '#ffffff');
  line(content.siteName, top + 50, 'bold 36px sans-serif', '#ffffff');

  const qrTop = 300;
  pen.drawImage(images.qr, centre - QR_SIZE / 2, qrTop, QR_SIZE, QR_SIZE);
  line(content.code, qrTop + QR_SIZE + 50, 'bold 30px sans-serif', '#222222');
  line(content.caption, qrTop + QR_SIZE + 110, '24px sans-serif', '#666666');
}

/** The poster as a PNG: with the avatar when it can be, else without it. Throws only when the QR code cannot be drawn. */
export async function posterImage(edges: PosterEdges, content: PosterContent): Promise<Blob> {
  const [qr, avatar] = await Promise.all([edges.loadImage(content.qr), content.avatar ? edges.loadImage(content.avatar) : Promise.resolve(null)]);
  if (!qr) throw new Error(`poster: the QR code ${content.qr} did not load`);
  if (avatar) {
    try {
      return await render(edges.canvas(), content, qr, avatar);
    } catch {
      // A picture from another site without CORS taints the canvas (toBlob throws): draw it again without.
    }
  }
  return render(edges.canvas(), content, qr, null);
}

/** Draws and downloads the poster as `fileName`. */
export async function savePoster(edges: PosterEdges, content: PosterContent, fileName: string): Promise<void> {
  edges.download(await posterImage(edges, content), fileName);
}

function render(canvas: PosterCanvas, content: PosterContent, qr: CanvasImageSource, avatar: CanvasImageSource | null): Promise<Blob> {
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const pen = canvas.getContext('2d');
  if (!pen) return Promise.reject(new Error('poster: this browser cannot draw on a canvas'));
  drawPoster(pen, content, { qr, avatar });
  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('poster: the canvas gave no image'))), 'image/png');
    } catch (error) {
      reject(error);
    }
  });
}

/** The browser's images, canvases and downloads. */
export const browserEdges: PosterEdges = {
  loadImage(src) {
    return new Promise((resolve) => {
      const image = new Image();
      const timer = setTimeout(() => resolve(null), IMAGE_TIMEOUT_MS);
      const settle = (value: HTMLImageElement | null) => {
        clearTimeout(timer);
        resolve(value);
      };
      // Asked for with CORS, so a picture whose server allows it keeps the canvas readable.
      image.crossOrigin = 'anonymous';
      image.onload = () => settle(image);
      image.onerror = () => settle(null);
      image.src = src;
    });
  },
  canvas: () => document.createElement('canvas'),
  download(blob, fileName) {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    // Some browsers read the address after the click returns: let it go a little later.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};
