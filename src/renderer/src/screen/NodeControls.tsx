// The Screen view's actions on the node selected in the tree: Tap node (android.tap_node by its exact bounds) and
// Inject (inject_android_input: a tap, long press or swipe inside its bounds, bounds-validated). Both ask the
// console's strong approval dialog with the exact action; after it the tool re-reads the target and sends nothing
// when it changed.
import { useState, type ReactNode } from 'react';
import type { ScreenAction, ScreenNode } from '../../../shared/api/screenSchemas';
import { INJECT_GESTURES, INJECT_LABELS, injectAction, type InjectGesture } from './screenTargets';

export function NodeControls(props: {
  selected: ScreenNode | null;
  disabled: boolean;
  send: (action: ScreenAction) => void;
}): ReactNode {
  const { selected, disabled, send } = props;
  const [gesture, setGesture] = useState<InjectGesture>('tap');
  const bounds = selected?.bounds ?? null;
  const inject = selected === null ? null : injectAction(selected, gesture);
  return (
    <div className="screen-actions" role="group" aria-label="Selected node">
      <span className="muted">Selected: {bounds ?? 'none (pick a node in the tree)'}</span>
      <button
        type="button"
        disabled={disabled || bounds === null}
        title="android.tap_node by the exact bounds: asks your strong approval, then re-reads the target"
        onClick={() => bounds !== null && send({ kind: 'tap_node', bounds })}
      >
        Tap node
      </button>
      <select
        aria-label="Inject gesture"
        value={gesture}
        onChange={(event) => setGesture(event.target.value as InjectGesture)}
      >
        {INJECT_GESTURES.map((name) => (
          <option key={name} value={name}>
            {INJECT_LABELS[name]}
          </option>
        ))}
      </select>
      <button
        type="button"
        disabled={disabled || inject === null}
        title="inject_android_input inside the node's bounds: asks your strong approval"
        onClick={() => inject !== null && send(inject)}
      >
        Inject
      </button>
    </div>
  );
}
