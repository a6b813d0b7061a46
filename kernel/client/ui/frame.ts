/** What the shell tells the page frame about its surroundings. */
import { createContext } from 'react';

export interface Frame {
  /** The shell draws the tab bar under this page, so fixed footers sit above it. */
  tabbar: boolean;
  /** The shell draws the default navigation bar above this page. */
  navBar: boolean;
}

export const FrameContext = createContext<Frame>({ tabbar: false, navBar: false });
