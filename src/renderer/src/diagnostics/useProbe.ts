// A view's probe: one tool call on the selected device, run when the view first shows and again on refresh (a
// refresh while it runs cancels the run in flight). `refreshSignal` changes when the whole dashboard refreshes.
import { useCallback, useEffect, useRef } from 'react';
import { useConsole } from '../store/context';
import { cardKey, type ToolCard } from './diagnosticsSlice';

export interface Probe {
  /** The card's key part: the tool's name unless the view runs the same tool twice. */
  probe: string;
  tool: string;
  card: ToolCard | undefined;
  /** Runs again with these arguments (default: the last ones, else the view's). */
  refresh(args?: Record<string, unknown>): void;
  cancel(): void;
}

export function useProbe(
  serial: string,
  tool: string,
  options: { probe?: string; args?: Record<string, unknown>; refreshSignal?: number; auto?: boolean } = {},
): Probe {
  const probe = options.probe ?? tool;
  const card = useConsole((state) => state.toolCards[cardKey(serial, probe)]);
  const runAndroidTool = useConsole((state) => state.runAndroidTool);
  const cancelAndroidTool = useConsole((state) => state.cancelAndroidTool);
  const initialArgs = useRef(options.args ?? {});
  const lastArgs = useRef<Record<string, unknown> | undefined>(card?.args);
  lastArgs.current = card?.args ?? lastArgs.current;
  const refresh = useCallback(
    (args?: Record<string, unknown>) => {
      void runAndroidTool(serial, tool, args ?? lastArgs.current ?? initialArgs.current, probe);
    },
    [serial, tool, probe, runAndroidTool],
  );
  const cancel = useCallback(() => void cancelAndroidTool(serial, probe), [serial, probe, cancelAndroidTool]);
  const seen = card !== undefined;
  const auto = options.auto ?? true;
  useEffect(() => {
    if (auto && !seen) refresh();
    // Only the first showing on this device starts a run; later ones keep the answer already taken.
  }, [serial, probe]);
  const signal = options.refreshSignal ?? 0;
  const lastSignal = useRef(signal);
  useEffect(() => {
    if (signal === lastSignal.current) return;
    lastSignal.current = signal;
    if (auto || seen) refresh();
  }, [signal, auto, seen, refresh]);
  return { probe, tool, card, refresh, cancel };
}
