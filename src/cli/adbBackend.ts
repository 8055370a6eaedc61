// The CLI's device backend over the real device layer: the adb hub, the execution runner and the sequence runner.
import { homedir, platform } from 'node:os';
import { createDaemonProxy } from '../main/daemon/client';
import { AdbHub } from '../main/devices/hub';
import { dataPaths } from '../node/env/dataFolder';
import { EvidenceStore } from '../main/evidence/evidenceStore';
import { InFlightRegistry } from '../main/execution/inFlight';
import { runExecution } from '../main/execution/runExecution';
import { writeFileAtomically, writeNewFileAtomically } from '../main/screenshot/atomicWrite';
import { checkCallerScreenshotPath } from '../main/screenshot/paths';
import { runTool } from '../main/android/runTool';
import { runMcpOnStdio } from '../main/mcp/stdio';
import { runServeUntilSignal } from '../main/serve/serveProcess';
import { runSequence } from '../main/sequence/runSequence';
import { adbSequencePorts } from '../main/sequence/adbPorts';
import type { HoldControl } from '../main/sequence/types';
import { createRobotoMeasurer } from '../node/fonts/robotoMeasurer';
import { fail, ok, type Result } from '../shared/errors';
import { adbServerPort } from '../node/env/adbServer';
import { readFile } from 'node:fs/promises';
import type { CliBackend, DeviceTarget, SequenceOutcome, SequenceRequest } from './backend';
import { createDaemonDeviceLister, routeThroughDaemon, withSource } from './daemonRouting';
import { runSimulatorsUntilSignal } from './simulators';
import { CLI_VERSION } from './version';

type Env = Readonly<Record<string, string | undefined>>;

/** Where the CLI keeps runs: ANDROPERATOR_EVIDENCE_DIR, else the console's default evidence directory. */
export function evidenceDirectoryOf(env: Env): string {
  return (
    env.ANDROPERATOR_EVIDENCE_DIR ?? dataPaths({ env, platform: platform(), homedir: homedir() }).evidence
  );
}

async function withHub<T>(
  env: Env,
  operatorPackage: string | undefined,
  work: (hub: AdbHub) => Promise<Result<T>>,
): Promise<Result<T>> {
  const created = AdbHub.create({ env, ...(operatorPackage === undefined ? {} : { operatorPackage }) });
  if (!created.ok) return created;
  const hub = created.value;
  try {
    return await work(hub);
  } finally {
    await hub.close();
  }
}

async function sequence(
  request: SequenceRequest,
  target: DeviceTarget,
  env: Env,
): Promise<Result<SequenceOutcome>> {
  // The copy's path is refused before anything runs, by the rules take_screenshot paths follow.
  const overwrite = request.overwrite === true;
  if (request.path !== undefined) {
    const checked = await checkCallerScreenshotPath(request.path, overwrite);
    if (!checked.ok) return checked;
  }
  const hold = request.hold;
  return withHub(env, target.operatorPackage, async (hub) => {
    const result = await runSequence(
      {
        design: request.design,
        operatorPackage: target.operatorPackage,
        ...(target.deviceId === undefined ? {} : { deviceId: target.deviceId }),
        ...(request.label === undefined ? {} : { label: request.label }),
        ...(request.timeoutMs === undefined ? {} : { timeoutMs: request.timeoutMs }),
        ...(hold === undefined
          ? {}
          : { hold: hold.maxCaptures === undefined ? {} : { maxCaptures: hold.maxCaptures } }),
      },
      {
        resolver: hub,
        inFlight: new InFlightRegistry(),
        evidence: new EvidenceStore(evidenceDirectoryOf(env)),
        ports: adbSequencePorts(createRobotoMeasurer),
        ...(hold === undefined
          ? {}
          : {
              hold: {
                onStarted: (control: HoldControl) => void followCommands(hold.commands, control),
                ...(hold.onChanged === undefined ? {} : { onChanged: hold.onChanged }),
              },
            }),
      },
    );
    if (!result.ok) return withSource(result, `the adb server on port ${adbServerPort(env)}`);
    // The serial the run used: resolving again would find nothing once the device left mid-run.
    const outcome: SequenceOutcome = { ...result.value, deviceId: result.value.serial };
    if (request.path === undefined || result.value.screenshot === undefined) return ok(outcome);
    // The run folder keeps its own copy; --path gets another, written atomically (linked into place unless
    // --overwrite: a file that appeared meanwhile is never replaced).
    const bytes = await readFile(result.value.screenshot.path).catch(() => null);
    if (bytes === null)
      return fail(
        'EVIDENCE_NOT_FOUND',
        `The run's screenshot ${result.value.screenshot.path} could not be read.`,
      );
    const copied = overwrite
      ? await writeFileAtomically(request.path, bytes)
      : await writeNewFileAtomically(request.path, bytes);
    return copied.ok ? ok({ ...outcome, copiedTo: copied.value.path }) : copied;
  });
}

/** Passes the held run's capture and release requests on until release. */
async function followCommands(commands: AsyncIterable<'capture' | 'release'>, control: HoldControl) {
  for await (const command of commands) {
    if (command === 'capture') control.capture();
    else {
      control.release();
      return;
    }
  }
}

/**
 * The backend `androperator` uses: every call opens the hub on the adb server of ANDROID_ADB_SERVER_PORT;
 * executions go through a running serve/console first (see daemonRouting.ts).
 */
export function createAdbBackend(env: Env): CliBackend {
  const source = `the adb server on port ${adbServerPort(env)}`;
  const direct: CliBackend = {
    listDevices: async () => {
      const listed = await withHub(env, undefined, (hub) => hub.list());
      return listed.ok ? ok({ devices: listed.value, source }) : listed;
    },
    runExecution: (execution, target) =>
      withHub(env, target.operatorPackage, async (hub) => {
        const result = await runExecution(
          execution,
          {
            operatorPackage: target.operatorPackage,
            ...(target.deviceId === undefined ? {} : { deviceId: target.deviceId }),
            ...(target.overwrite === true ? { overwrite: true } : {}),
          },
          { resolver: hub, inFlight: new InFlightRegistry() },
        );
        if (!result.ok) return withSource(result, source);
        const { envelope, deviceId, terminalSource } = result.value;
        return ok({ envelope, deviceId, terminalSource });
      }),
    runSequence: (request, target) => sequence(request, target, env),
    runSimulators: (options, onReady) => runSimulatorsUntilSignal(options, env, onReady),
    runServe: (options, onListening, log) =>
      runServeUntilSignal(
        { ...options, env, log: (message) => log('warn', message) },
        onListening,
        (message) => log('warn', message),
      ),
    runAndroidTool: (tool, args, approve, target) =>
      withHub(env, target.operatorPackage, async (hub) => {
        const result = await runTool(tool, { arguments: args, resolver: hub, approve });
        return result.ok ? result : withSource(result, source);
      }),
    runMcp: (options, log) => runMcpOnStdio({ ...options, env, log: (message) => log('warn', message) }),
  };
  const daemon = {
    home: dataPaths({ env, platform: platform(), homedir: homedir() }).data,
    version: CLI_VERSION,
  };
  return routeThroughDaemon(direct, createDaemonProxy(daemon), undefined, createDaemonDeviceLister(daemon));
}
