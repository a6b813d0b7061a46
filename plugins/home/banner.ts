/** The home banner's width / height: the carousel, its pictures and the server's first paint share the box. */
export const BANNER_RATIO = 750 / 350;
