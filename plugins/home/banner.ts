/** The home banner's box: the carousel, its pictures, the server's first paint and the demo art share it. */
export const BANNER_SIZE = { width: 750, height: 350 } as const;

/** width / height */
export const BANNER_RATIO = BANNER_SIZE.width / BANNER_SIZE.height;
