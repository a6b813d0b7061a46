/**
 * The area picker: a bottom sheet that walks the area tree province → city → district. Tabs
 * show the levels chosen so far (tap one to choose again from there); picking a district
 * finishes. The tree comes from the goods plugin's `/api/goods/areaTree`, through ../store.ts.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useKernel, useT } from '@kernel/client/hooks';
import { ErrorState, Loader } from '@kernel/client/ui';
import { Sheet } from '@kernel/client/ui/Sheet';
import { Tabs } from '@kernel/client/ui/Tabs';
import type { AreaNode } from '@plugins/goods/public-client';
import { choicesAt, walkArea } from '../area-chain';
import { areaStore, loadAreaTree } from '../store';

const DEPTH = 3;

export interface AreaPickerProps {
  open: boolean;
  /** The codes picked before (province, city, district), to start from; empty for none. */
  value: readonly string[];
  onClose: () => void;
  onPick: (chain: [AreaNode, AreaNode, AreaNode]) => void;
}

export function AreaPicker({ open, value, onClose, onPick }: AreaPickerProps) {
  const { t } = useT('address');
  return (
    <Sheet open={open} title={t('area.title')} onClose={onClose} className="address-area">
      {open && <AreaLevels start={value} onPick={onPick} />}
    </Sheet>
  );
}

function AreaLevels({ start, onPick }: { start: readonly string[]; onPick: AreaPickerProps['onPick'] }) {
  const kernel = useKernel();
  const { t } = useT('address');
  const { status, error } = useSnapshot(areaStore);
  // The tree itself is a `ref`: read it from the store, not the (deeply read-only) snapshot.
  const tree = areaStore.tree;
  const [path, setPath] = useState<string[]>(() => [...start]);
  const [depth, setDepth] = useState(() => Math.min(Math.max(start.length - 1, 0), DEPTH - 1));

  if (status === 'error') return <ErrorState message={error} onRetry={() => void loadAreaTree(kernel.http, areaStore, true)} />;
  if (status !== 'ready') return <Loader />;

  const chosen = walkArea(tree, path);
  const choices = choicesAt(tree, path, depth);
  const tabs = [...chosen.slice(0, depth).map((node, i) => ({ key: i, label: node.name })), { key: depth, label: chosen[depth]?.name ?? t('area.choose') }];

  const choose = (node: AreaNode) => {
    const next = [...path.slice(0, depth), node.code];
    if (depth === DEPTH - 1) {
      const chain = walkArea(tree, next);
      if (chain.length === DEPTH) onPick(chain as [AreaNode, AreaNode, AreaNode]);
      return;
    }
    setPath(next);
    setDepth(depth + 1);
  };

  return (
    <div className="address-area__levels">
      <Tabs items={tabs} value={depth} onChange={setDepth} />
      <ul className="address-area__choices" aria-label={t('area.levels')}>
        {choices.map((node) => (
          <li key={node.code}>
            <button type="button" className="address-area__choice" aria-pressed={path[depth] === node.code} onClick={() => choose(node)}>
              {node.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
