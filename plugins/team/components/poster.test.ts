import { describe, expect, it } from 'vitest';
import { drawPoster, fitText, posterImage, savePoster, type PosterCanvas, type PosterContent, type PosterEdges, type PosterPen } from './poster';

const content: PosterContent = {
  siteName: '优选小店',
  invites: '安安 邀请你加入',
  code: '邀请码 AB12CD',
  caption: '扫码注册，和我一起逛优选小店',
  qr: '/uploads/qr/1.png',
  avatar: 'https://avatars.example/ann.png',
  accent: '#e93323',
};

/** An image as the fakes pass it around: its address, and whether drawing it taints a canvas. */
const image = (src: string, tainting = false) => ({ src, tainting }) as unknown as CanvasImageSource;
const srcOf = (source: CanvasImageSource) => (source as unknown as { src: string }).src;

/** A canvas that records what was drawn, as `text …` and `image <src>` lines; a tainting image makes toBlob throw as a browser does. */
function fakeCanvas(options: { noContext?: boolean } = {}) {
  const drawn: string[] = [];
  let tainted = false;
  const pen = {
    fillStyle: '',
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    fillRect: () => {},
    fillText: (text: string) => void drawn.push(`text ${text}`),
    // Ten pixels a character: long enough lines get shortened.
    measureText: (text: string) => ({ width: [...text].length * 10 }),
    drawImage: (source: CanvasImageSource) => {
      drawn.push(`image ${srcOf(source)}`);
      if ((source as unknown as { tainting: boolean }).tainting) tainted = true;
    },
    save: () => {},
    restore: () => {},
    beginPath: () => {},
    arc: () => {},
    clip: () => {},
  } as unknown as PosterPen;
  const canvas: PosterCanvas & { drawn: string[] } = {
    width: 0,
    height: 0,
    drawn,
    getContext: () => (options.noContext ? null : pen),
    toBlob(done) {
      if (tainted) throw Object.assign(new Error('The canvas has been tainted by cross-origin data.'), { name: 'SecurityError' });
      done(new Blob([drawn.join('\n')], { type: 'image/png' }));
    },
  };
  return canvas;
}

/** Edges whose images load unless listed as failing; records the canvases made and the downloads. */
function fakeEdges(images: Record<string, CanvasImageSource | null>, canvasOptions?: { noContext?: boolean }) {
  const canvases: ReturnType<typeof fakeCanvas>[] = [];
  const downloads: { name: string; text: Promise<string> }[] = [];
  const edges: PosterEdges = {
    loadImage: async (src) => (src in images ? images[src] : image(src)),
    canvas: () => {
      const canvas = fakeCanvas(canvasOptions);
      canvases.push(canvas);
      return canvas;
    },
    download: (blob, name) => void downloads.push({ name, text: blob.text() }),
  };
  return { edges, canvases, downloads };
}

describe('fitting a line', () => {
  const measure = (text: string) => [...text].length * 10;
  it('keeps a line that fits', () => {
    expect(fitText('优选小店', 40, measure)).toBe('优选小店');
  });
  it('shortens a longer one with an ellipsis, by whole characters', () => {
    expect(fitText('一二三四五六七八', 50, measure)).toBe('一二三四…');
    expect(fitText('🎁🎁🎁🎁', 30, measure)).toBe('🎁🎁…');
  });
});

describe('drawing the poster', () => {
  it('draws the avatar, who invites, the shop, the QR code, the code and the caption', () => {
    const canvas = fakeCanvas();
    drawPoster(canvas.getContext('2d') as PosterPen, content, { qr: image('/uploads/qr/1.png'), avatar: image('ann.png') });
    expect(canvas.drawn).toEqual(['image ann.png', 'text 安安 邀请你加入', 'text 优选小店', 'image /uploads/qr/1.png', 'text 邀请码 AB12CD', 'text 扫码注册，和我一起逛优选小店']);
  });

  it('shortens a shop name too long for the poster', () => {
    const canvas = fakeCanvas();
    drawPoster(canvas.getContext('2d') as PosterPen, { ...content, siteName: '名'.repeat(80) }, { qr: image('qr'), avatar: null });
    expect(canvas.drawn[1]).toBe(`text ${'名'.repeat(51)}…`);
  });
});

describe('saving the poster', () => {
  it('downloads a PNG with the avatar when it loads and leaves the canvas readable', async () => {
    const { edges, downloads } = fakeEdges({});
    await savePoster(edges, content, 'invite-AB12CD.png');
    expect(downloads.map((d) => d.name)).toEqual(['invite-AB12CD.png']);
    expect(await downloads[0].text).toContain('image https://avatars.example/ann.png');
  });

  it('leaves the avatar out when it does not load', async () => {
    const { edges, downloads, canvases } = fakeEdges({ [content.avatar]: null });
    await savePoster(edges, content, 'invite.png');
    expect(canvases).toHaveLength(1);
    const drawn = await downloads[0].text;
    expect(drawn).not.toContain('avatars.example');
    expect(drawn).toContain('image /uploads/qr/1.png');
  });

  it('draws again without the avatar when it taints the canvas, and still saves', async () => {
    const { edges, downloads, canvases } = fakeEdges({ [content.avatar]: image(content.avatar, true) });
    await savePoster(edges, content, 'invite.png');
    expect(canvases).toHaveLength(2);
    expect(downloads).toHaveLength(1);
    expect(await downloads[0].text).not.toContain('avatars.example');
  });

  it('does not ask for an avatar the shopper does not have', async () => {
    const asked: string[] = [];
    const { edges } = fakeEdges({});
    const blob = await posterImage({ ...edges, loadImage: async (src) => (asked.push(src), image(src)) }, { ...content, avatar: '' });
    expect(asked).toEqual(['/uploads/qr/1.png']);
    expect(await blob.text()).not.toContain('avatar');
  });

  it('fails, saving nothing, when the QR code does not load or nothing can be drawn', async () => {
    const noQr = fakeEdges({ [content.qr]: null });
    await expect(savePoster(noQr.edges, content, 'invite.png')).rejects.toThrow('the QR code /uploads/qr/1.png did not load');
    expect(noQr.downloads).toEqual([]);
    const noCanvas = fakeEdges({}, { noContext: true });
    await expect(savePoster(noCanvas.edges, content, 'invite.png')).rejects.toThrow('cannot draw on a canvas');
    expect(noCanvas.downloads).toEqual([]);
  });
});
