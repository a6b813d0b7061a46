/** @vitest-environment jsdom */
// The starter runs in the browser: here in jsdom, with frames, picture decodes and stylesheet loads driven by the test.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_ID } from '../core/first-screen';
import { AFTER_PAINT_ID, bootAfterPaintScript, PICTURE_WAIT_MS } from './first-paint';

let frames: FrameRequestCallback[] = [];
let decoded: () => void = () => {};

/** One painted frame: the requested callbacks, then the timers they set. */
async function paintFrame() {
  const due = frames;
  frames = [];
  due.forEach((callback) => callback(0));
  await vi.advanceTimersByTimeAsync(0);
}

const heldLinks = () => [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}`);
const entry = () => document.head.querySelector('script[type=module]')?.getAttribute('src') ?? null;
const sheetLoads = async () => {
  document.head.querySelectorAll('link[rel=stylesheet]').forEach((link) => link.dispatchEvent(new Event('load')));
  await vi.advanceTimersByTimeAsync(0);
};

function start({ deepLink = false, hidden = false } = {}) {
  document.documentElement.className = deepLink ? 'sf-deep-link' : '';
  Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true });
  document.head.innerHTML = '';
  document.body.innerHTML =
    `<div id="${FIRST_PAINT_ID}"><img src="/banner.jpg"></div><div id="app"></div>` +
    `<template id="${AFTER_PAINT_ID}"><link rel="stylesheet" crossorigin href="/kit.css"><link rel="modulepreload" crossorigin href="/page.js"></template>`;
  new Function(bootAfterPaintScript('/entry.js'))();
}

describe('the starter after the first paint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    HTMLImageElement.prototype.decode = () => new Promise<void>((resolve) => (decoded = resolve));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for nothing before a frame has painted, then for every held link at once, and starts the app after the sheets and the pictures', async () => {
    start();
    expect(heldLinks()).toEqual([]);
    await paintFrame();
    expect(heldLinks()).toEqual(['stylesheet /kit.css', 'modulepreload /page.js']);
    await sheetLoads();
    await paintFrame();
    expect(entry()).toBeNull();
    decoded();
    await vi.advanceTimersByTimeAsync(0);
    // The decoded picture gets its frame before the app's first long task.
    expect(entry()).toBeNull();
    await paintFrame();
    expect(entry()).toBe('/entry.js');
    expect(document.head.querySelector('script[type=module]')).toHaveProperty('crossOrigin', '');
  });

  it('gives up on a picture that does not decode in time', async () => {
    start();
    await paintFrame();
    await sheetLoads();
    await vi.advanceTimersByTimeAsync(PICTURE_WAIT_MS);
    await paintFrame();
    expect(entry()).toBe('/entry.js');
  });

  it('on a deep link (the paint hidden) asks for the links at once and waits for no picture', async () => {
    start({ deepLink: true });
    expect(heldLinks()).toEqual(['stylesheet /kit.css', 'modulepreload /page.js']);
    await sheetLoads();
    await paintFrame();
    expect(entry()).toBe('/entry.js');
  });

  it('in a hidden tab, which paints no frames, goes on without them; and so does a tab hidden while it waits', async () => {
    start({ hidden: true });
    expect(heldLinks()).toHaveLength(2);
    decoded();
    await sheetLoads();
    expect(entry()).toBe('/entry.js');

    start();
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(heldLinks()).toHaveLength(2);
    decoded();
    await sheetLoads();
    expect(entry()).toBe('/entry.js');
    // The frame that was asked for before it hid does not run the step twice.
    await paintFrame();
    expect(document.head.querySelectorAll('script[type=module]')).toHaveLength(1);
  });
});
