// The real ports of a sequence run: the Operator over one agent stream, adb screencap, hello plus the shared
// layout prediction, the capture check, and the run folder.
import type { TextMeasurer } from '../../shared/geometry/types';
import { checkPanelInCaptureAsync } from '../capture/captureCheck';
import type { ResolvedDevice } from '../devices/types';
import type { RunHandle } from '../evidence/runHandle';
import { dispatchExecution } from '../execution/dispatch';
import { AgentSession } from '../operator/agentClient';
import { captureScreen } from '../screenshot/capture';
import { describeOperator } from './hello';
import type { DeviceConnection, EvidencePort, SequenceHostPorts } from './ports';
import { predictPanelBounds } from './prediction';
import { runDeviceOf } from './runRecord';

export const SCREENSHOT_FILE = 'screenshot';

/**
 * Connects to devices over adb. `createMeasurer` makes the text measurer that lays out the predicted panel (the
 * composition owns the fonts); it is called once, at the first prediction.
 */
export function adbSequencePorts(createMeasurer: () => TextMeasurer): SequenceHostPorts {
  let measurer: TextMeasurer | undefined;
  const measure = (): TextMeasurer => (measurer ??= createMeasurer());
  return {
    connect: (device, operatorPackage) => connectDevice(device, operatorPackage, measure),
    captureCheck: { check: checkPanelInCaptureAsync },
  };
}

function connectDevice(
  device: ResolvedDevice,
  operatorPackage: string,
  measurer: () => TextMeasurer,
): DeviceConnection {
  const target = { client: device.client, serial: device.serial, operatorPackage };
  const session = new AgentSession(target);
  const call = session.call.bind(session);
  // The agent stream opens while the run folder is created; nothing reaches the Operator before set.
  void session.open();
  return {
    operator: { execute: (execution) => dispatchExecution(target, execution, call) },
    screen: { capture: (scale) => captureScreen(device.client, device.serial, { scale }) },
    description: {
      describe: async (design, waitMs) => {
        const description = await describeOperator(target, waitMs, call);
        const predicted = description === null ? null : predictPanelBounds(design, description, measurer());
        return {
          device: runDeviceOf(device, description),
          ...(predicted === null ? {} : { predictedBounds: predicted }),
        };
      },
    },
    close: () => session.close(),
  };
}

/** The run folder as the runner's evidence port: the screenshot and the final run.json are flushed to disk. */
export function runFolderPort(handle: RunHandle): EvidencePort {
  return {
    writeRecord: (record, { durable }) => handle.writeRecord(record, { durable }),
    writeScreenshot: (png) => handle.writeScreenshot(SCREENSHOT_FILE, png, { durable: true }),
  };
}
