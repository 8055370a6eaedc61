// Memoized selectors: derived values that keep their identity while their inputs do (so React does not re-render).
import { checkDesign, type DesignCheck } from '../designer/params';
import { disconnectedDevices, runSerials } from '../devices/devicesSlice';
import type { ConsoleState } from './types';

/** Remembers the last result per input tuple (compared by identity). */
function memoLast<A extends readonly unknown[], R>(compute: (...args: A) => R): (...args: A) => R {
  let lastArgs: A | null = null;
  let lastResult: R | undefined;
  return (...args: A): R => {
    if (
      lastArgs !== null &&
      args.length === lastArgs.length &&
      args.every((arg, i) => arg === lastArgs?.[i])
    ) {
      return lastResult as R;
    }
    lastArgs = args;
    lastResult = compute(...args);
    return lastResult;
  };
}

export const selectDesign = (state: ConsoleState) => state.designHistory.present;

export const selectDesignCheck = (state: ConsoleState): DesignCheck =>
  checkDesign(state.designHistory.present);

const runSerialsMemo = memoLast((tickedSerials: string[], targetSerial: string | null) =>
  runSerials({ tickedSerials, targetSerial }),
);

/** The serials the run buttons act on (stable array). */
export const selectRunSerials = (state: ConsoleState): string[] =>
  runSerialsMemo(state.tickedSerials, state.targetSerial);

const disconnectedMemo = memoLast(
  (
    devices: ConsoleState['devices'],
    tickedSerials: string[],
    targetSerial: string | null,
    lastSeen: ConsoleState['lastSeen'],
  ) => disconnectedDevices({ devices, tickedSerials, targetSerial, lastSeen }),
);

/** Target and ticked devices that disconnected (stable array). */
export const selectDisconnected = (state: ConsoleState) =>
  disconnectedMemo(state.devices, state.tickedSerials, state.targetSerial, state.lastSeen);

/** The target device's description entry, if any. */
export const selectTargetDescription = (state: ConsoleState) =>
  state.targetSerial === null ? undefined : state.descriptions[state.targetSerial];

export const selectTargetDevice = (state: ConsoleState) =>
  state.devices.find((device) => device.serial === state.targetSerial);
