// A recording CliBackend for the CLI's unit tests; never used by the built CLI.
import { ok, type Result } from '../shared/errors';
import type { ResultEnvelope } from '../shared/envelope';
import type { Execution } from '../shared/execution/types';
import type {
  CliBackend,
  DeviceSummary,
  DeviceTarget,
  ExecutionOutcome,
  SequenceOutcome,
  SequenceRequest,
  SimulatorRunOptions,
} from '../cli/backend';

export interface FakeBackend extends CliBackend {
  executions: { execution: Execution; target: DeviceTarget }[];
  sequences: { request: SequenceRequest; target: DeviceTarget }[];
  deviceListings: number;
  simulatorStarts: number;
  simulatorOptions: SimulatorRunOptions[];
}

/** An envelope in which every action succeeded with the given step data. */
export function successEnvelope(execution: Execution, data: Record<string, string> = {}): ResultEnvelope {
  return {
    commandId: execution.commandId,
    taskId: execution.taskId,
    status: 'success',
    stepResults: execution.actions.map((action) => ({
      id: action.id,
      actionType: action.type,
      success: true,
      data,
    })),
    error: null,
  };
}

/**
 * Records every call; `respond` decides each execution's outcome (default: success on device `emulator-5554`).
 */
export function createFakeBackend(
  respond: (execution: Execution) => Result<ExecutionOutcome> = (execution) =>
    ok({
      envelope: successEnvelope(execution),
      deviceId: 'emulator-5554',
      terminalSource: 'androperator_result',
    }),
  devices: DeviceSummary[] = [{ serial: 'emulator-5554', state: 'device', server: 'local' }],
): FakeBackend {
  const backend: FakeBackend = {
    executions: [],
    sequences: [],
    deviceListings: 0,
    simulatorStarts: 0,
    simulatorOptions: [],
    async listDevices() {
      backend.deviceListings += 1;
      return ok({ devices, source: 'the adb server on port 5037' });
    },
    async runExecution(execution, target) {
      backend.executions.push({ execution, target });
      return respond(execution);
    },
    async runSequence(request, target) {
      backend.sequences.push({ request, target });
      // The fake runs the set payload through `respond` so tests can make the sequence fail on the host.
      const set: Execution = {
        commandId: 'run-1-set',
        taskId: 'run-1',
        source: 'test',
        expectedFormat: 'android-ui-automator',
        timeoutMs: request.timeoutMs ?? 30000,
        actions: [{ id: 'set', type: 'set_on_screen_log', params: request.design }],
      };
      const outcome = respond(set);
      if (!outcome.ok) return outcome;
      const failed = outcome.value.envelope.status === 'failed';
      const sequence: SequenceOutcome = {
        deviceId: outcome.value.deviceId,
        runId: 'run-1',
        serial: outcome.value.deviceId,
        runPath: '/evidence/run-1',
        status: failed ? 'failed' : 'succeeded',
        steps: [
          { step: 'set', status: failed ? 'failed' : 'succeeded', envelope: outcome.value.envelope },
          { step: 'screenshot', status: failed ? 'skipped' : 'succeeded' },
          { step: 'clear', status: 'succeeded' },
        ],
        ...(request.path === undefined ? {} : { copiedTo: request.path }),
      };
      return ok(sequence);
    },
    async runSimulators(options, onReady) {
      backend.simulatorStarts += 1;
      backend.simulatorOptions.push(options);
      for (let index = 0; index < options.count; index += 1) {
        onReady({
          serial: `127.0.0.1:${40000 + index}`,
          profile: options.profiles[index % options.profiles.length] ?? 'phone',
          model: 'Pixel Sim',
          port: 40000 + index,
        });
      }
      return ok({ stopped: options.count });
    },
  };
  return backend;
}

/** Collects written text, for runCli's stdout and stderr. */
export function createSink(): { write(text: string): void; text(): string } {
  const chunks: string[] = [];
  return { write: (text) => void chunks.push(text), text: () => chunks.join('') };
}
