// The real ports of a sequence run: the Operator over one agent stream, adb screencap, hello plus the shared
// layout prediction, the capture check, and the run folder.
import type { TextMeasurer } from '../../shared/geometry/types';
import { checkPanelInCaptureAsync } from '../capture/captureCheck';
import type { ResolvedDevice } from '../devices/types';
import type { RunHandle } from '../evidence/runHandle';
import { dispatchExecution } from '../execution/dispatch';
import { panelTransitionOf, type PanelTransition } from '../../shared/agent/lease';
import { ok, type AppError } from '../../shared/errors';
import { AgentSession, type AgentCaller } from '../operator/agentClient';
import { acquireDeviceLease, runLeaseOf, type HeldLease, type LeaseOptions } from '../operator/deviceLease';
import { readLogExcerpt } from '../logcat/excerpt';
import { captureScreen, deviceState } from '../screenshot/capture';
import { observeForeground } from './foreground';
import { describeOperator } from './hello';
import type { DeviceConnection, EvidencePort, SequenceHostPorts } from './ports';
import { predictPanelBounds } from './prediction';
import { runContextOf, runDeviceOf } from './runRecord';

export const SCREENSHOT_FILE = 'screenshot';
/** How long one presence check of a held panel's device may take before adb counts as silent. */
const PRESENCE_WAIT_MS = 3000;

/** The file a capture step is stored as: screenshot.png for the first, capture-N.png for a held panel's later ones. */
export function captureFileName(step: string): string {
  const index = /^screenshot-(\d+)$/.exec(step)?.[1];
  return index === undefined ? SCREENSHOT_FILE : `capture-${index}`;
}
/** The run folder's log excerpt (redacted threadtime lines). */
export const LOG_EXCERPT_FILE = 'logcat.txt';

/**
 * Connects to devices over adb. `createMeasurer` makes the text measurer that lays out the predicted panel (the
 * composition owns the fonts); it is called once, at the first prediction.
 */
export function adbSequencePorts(
  createMeasurer: () => TextMeasurer,
  /** The device lease's TTL and renewal period (tests shorten them). */
  leaseOptions: LeaseOptions = {},
): SequenceHostPorts {
  let measurer: TextMeasurer | undefined;
  const measure = (): TextMeasurer => (measurer ??= createMeasurer());
  return {
    connect: (device, operatorPackage) => connectDevice(device, operatorPackage, measure, leaseOptions),
    captureCheck: { check: checkPanelInCaptureAsync },
  };
}

function connectDevice(
  device: ResolvedDevice,
  operatorPackage: string,
  measurer: () => TextMeasurer,
  leaseOptions: LeaseOptions,
): DeviceConnection {
  const target = { client: device.client, serial: device.serial, operatorPackage };
  const session = new AgentSession(target);
  const call: AgentCaller = session.call.bind(session);
  let held: HeldLease | null = null;
  const panels = new Map<string, PanelTransition>();
  // Every execute of the run carries its lease; the panel generations its answer reports are kept by commandId.
  const leasedCall: AgentCaller = async (request, waitMs) => {
    if (request.type !== 'execute') return call(request, waitMs);
    const answer = await call(held === null ? request : { ...request, lease: { id: held.id } }, waitMs);
    const commandId = (request.execution as { commandId?: unknown }).commandId;
    const panel =
      answer.ok && answer.value.type === 'execute_result' ? panelTransitionOf(answer.value.panel) : undefined;
    if (panel !== undefined && typeof commandId === 'string') panels.set(commandId, panel);
    return answer;
  };
  const interference: Array<(error: AppError) => void> = [];
  // The agent stream opens while the run folder is created; nothing reaches the Operator before set.
  void session.open();
  return {
    operator: {
      execute: async (execution) => {
        const answer = await dispatchExecution(target, execution, leasedCall);
        if (!answer.ok) return answer;
        const panel = panels.get(execution.commandId);
        return ok({ envelope: answer.value, ...(panel === undefined ? {} : { panel }) });
      },
    },
    lease: async (owner) => {
      const outcome = await acquireDeviceLease(target, owner, call, leaseOptions);
      if (!outcome.ok) return outcome;
      if (outcome.value.status === 'held') {
        held = outcome.value.lease;
        held.onLost((error) => interference.forEach((listener) => listener(error)));
      }
      return ok(runLeaseOf(outcome.value));
    },
    onInterference: (listener) => interference.push(listener),
    screen: {
      capture: (scale, timeoutMs) => captureScreen(device.client, device.serial, { scale, timeoutMs }),
    },
    logs: { read: (sinceMs) => readLogExcerpt(device, sinceMs) },
    foreground: { observe: () => observeForeground(device.client, device.serial) },
    presence: { state: () => deviceState(device.client, device.serial, Date.now() + PRESENCE_WAIT_MS) },
    description: {
      describe: async (design, waitMs) => {
        const description = await describeOperator(target, waitMs, call);
        const observedAt = new Date();
        const predicted = description === null ? null : predictPanelBounds(design, description, measurer());
        return {
          device: runDeviceOf(device, description),
          ...(description === null ? {} : { context: runContextOf(description, observedAt) }),
          ...(predicted === null ? {} : { predictedBounds: predicted }),
        };
      },
    },
    close: async () => {
      // Released on the run's stream, behind clear; the stream closes once the device has answered (or not).
      await held?.release(call);
      session.close();
    },
  };
}

/** The run folder as the runner's evidence port: the screenshot and the final run.json are flushed to disk. */
export function runFolderPort(handle: RunHandle): EvidencePort {
  return {
    writeRecord: (record, { durable }) => handle.writeRecord(record, { durable }),
    writeScreenshot: (png, name = SCREENSHOT_FILE) => handle.writeScreenshot(name, png, { durable: true }),
    writeLogExcerpt: async (text) => {
      const written = await handle.writeText(LOG_EXCERPT_FILE, text, { durable: true });
      return written.ok ? ok({ file: LOG_EXCERPT_FILE }) : written;
    },
  };
}
