/**
 * The flash-sale plugin's browser code: its home section, a lazy chunk of its own that loads only
 * when the home page renders it. Its routes and menu entry are in the descriptor (./plugin.ts); its
 * pages and strings are found by file name.
 */
import { lazy } from 'react';
import { defineClient } from '@kernel/client/plugin';
import { contribute } from '@kernel/core/extension';
import { homeSections } from '@plugins/home/public-client';

export default defineClient({
  contributes: contribute(homeSections, { id: 'seckill.home', order: 15, component: lazy(() => import('./sections/SeckillSection')) }),
});
