// run.json's `inspection`: device environment facts and the foreground app's inspection, read by the host over adb
// after a run's clear step (inspect_android_environment and inspect_android_app answers, given here as plain
// values), labelled as host observations after clear with each part's status. Nothing here fails a run: a read that
// fails, throws or times out is recorded as failed, and a run.json that cannot be updated is answered, not thrown.
import { z } from 'zod';
import type { RunError, RunInspection } from '../../shared/api/evidence';
import { fail, type AppError, type Result } from '../../shared/errors';
import type { RunHandle } from './runHandle';

/** Both reads together may take this long; then they are cancelled and recorded as timed out. */
export const INSPECTION_TIMEOUT_MS = 10_000;

export const INSPECTION_TOOLS = ['inspect_android_environment', 'inspect_android_app'] as const;

/** The two reads, each a tool answer (the tool's own result value, or its error). */
export interface InspectionReads {
  environment(signal: AbortSignal): Promise<Result<unknown>>;
  app(signal: AbortSignal): Promise<Result<unknown>>;
}

const status = z.enum(['complete', 'partial', 'failed', 'timed_out']);
const text = z.string().nullish();
const count = z.number().nullish();

// The answers' fields with the reference's names (docs/diagnostics.md); anything else in them is ignored.
const environmentAnswer = z.object({
  status,
  android_release: text,
  api_level: count,
  device_abi: text,
  supported_abis: z.array(z.string()).nullish(),
  selinux: text,
  memory_kib: z.object({ total: count, available: count }).nullish(),
  data_kib: z.object({ total: z.number(), used: z.number(), available: z.number() }).nullish(),
});

const appAnswer = z.object({
  status,
  package: z.string(),
  foreground_component: text,
  is_foreground: z.boolean().nullish(),
  summary: z
    .object({
      pid: count,
      version_name: text,
      version_code: z.union([z.number(), z.string()]).nullish(),
      total_pss_kb: count,
      first_install_time: text,
      last_update_time: text,
    })
    .nullish(),
});

function runError(error: AppError): RunError {
  return {
    code: error.code,
    message: error.message,
    ...(error.details === undefined ? {} : { details: error.details }),
  };
}

function failureStatus(error: AppError): 'failed' | 'timed_out' {
  return error.code === 'ANDROID_COMMAND_TIMED_OUT' || error.details?.['status'] === 'timed_out'
    ? 'timed_out'
    : 'failed';
}

function unexpected(tool: string, problem: string): RunError {
  return { code: 'INTERNAL_ERROR', message: `${tool} answered in an unexpected form: ${problem}` };
}

/** Copies the defined values of `from` (null and undefined left out: a fact not observed is not filled in). */
function defined<T extends object>(from: { [K in keyof T]: T[K] | null | undefined }): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(from) as Array<keyof T>) {
    const value = from[key];
    if (value !== null && value !== undefined) out[key] = value;
  }
  return out;
}

/** The environment part from inspect_android_environment's answer. */
export function environmentPart(answer: Result<unknown>): NonNullable<RunInspection['environment']> {
  if (!answer.ok) return { status: failureStatus(answer.error), error: runError(answer.error) };
  const parsed = environmentAnswer.safeParse(answer.value);
  if (!parsed.success)
    return {
      status: 'failed',
      error: unexpected(INSPECTION_TOOLS[0], parsed.error.issues[0]?.message ?? ''),
    };
  const value = parsed.data;
  const memory = value.memory_kib;
  return {
    status: value.status,
    ...defined({
      androidRelease: value.android_release,
      apiLevel: value.api_level,
      abi: value.device_abi,
      supportedAbis: value.supported_abis,
      selinux: value.selinux,
      dataKib: value.data_kib
        ? { total: value.data_kib.total, used: value.data_kib.used, available: value.data_kib.available }
        : undefined,
    }),
    ...(memory ? { memoryKib: { total: memory.total ?? null, available: memory.available ?? null } } : {}),
  };
}

/** The foreground app part from inspect_android_app's answer (no package given: the foreground one). */
export function appPart(answer: Result<unknown>): NonNullable<RunInspection['app']> {
  if (!answer.ok) return { status: failureStatus(answer.error), error: runError(answer.error) };
  const parsed = appAnswer.safeParse(answer.value);
  if (!parsed.success)
    return {
      status: 'failed',
      error: unexpected(INSPECTION_TOOLS[1], parsed.error.issues[0]?.message ?? ''),
    };
  const value = parsed.data;
  const summary = value.summary;
  return {
    status: value.status,
    packageName: value.package,
    ...defined({
      component: value.foreground_component,
      isForeground: value.is_foreground,
      pid: summary?.pid,
      versionName: summary?.version_name,
      versionCode:
        summary?.version_code === null || summary?.version_code === undefined
          ? undefined
          : String(summary.version_code),
      firstInstallTime: summary?.first_install_time,
      lastUpdateTime: summary?.last_update_time,
      totalPssKb: summary?.total_pss_kb,
    }),
  };
}

async function settled(read: () => Promise<Result<unknown>>, tool: string): Promise<Result<unknown>> {
  try {
    return await read();
  } catch (error) {
    return fail('INTERNAL_ERROR', `${tool} threw: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Runs both reads side by side, bounded by `timeoutMs` (then cancelled: each tool's cancellation waits until its
 * adb streams are closed). Never fails: a read that fails, throws or is cut off is recorded with its status.
 */
export async function readInspection(
  reads: InspectionReads,
  options: { now?: () => number; timeoutMs?: number } = {},
): Promise<RunInspection> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? INSPECTION_TIMEOUT_MS);
  try {
    const [environment, app] = await Promise.all([
      settled(() => reads.environment(controller.signal), INSPECTION_TOOLS[0]),
      settled(() => reads.app(controller.signal), INSPECTION_TOOLS[1]),
    ]);
    const cutOff = (part: { status: string; error?: RunError }) =>
      controller.signal.aborted && part.status === 'failed'
        ? {
            ...part,
            status: 'timed_out' as const,
            error: {
              code: 'ANDROID_COMMAND_TIMED_OUT',
              message: `Not read within ${options.timeoutMs ?? INSPECTION_TIMEOUT_MS} ms after clear: the device is slow or busy; inspect it from Diagnostics instead`,
            },
          }
        : part;
    const finishedAt = now();
    return {
      source: 'host_diagnostics',
      observedAt: new Date(finishedAt).toISOString(),
      observedAfter: 'clear',
      tools: [...INSPECTION_TOOLS],
      durationMs: Math.max(0, finishedAt - startedAt),
      environment: cutOff(environmentPart(environment)) as NonNullable<RunInspection['environment']>,
      app: cutOff(appPart(app)) as NonNullable<RunInspection['app']>,
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Adds `inspection` to the run's run.json (after whatever the run itself still writes, through the handle's
 * queue). The run's own record stays as it was otherwise; a failure to update is answered, never thrown.
 */
export function recordInspection(handle: RunHandle, inspection: RunInspection): Promise<Result<void>> {
  return handle.updateRecord((record) => ({ ...record, inspection }));
}

/**
 * The one call a sequence makes after its clear step: reads, records, and answers `result` with the inspection
 * added. The run's verdict and status never depend on it.
 */
export async function inspectAfterClear<T extends object>(
  result: T,
  handle: RunHandle,
  reads: InspectionReads,
): Promise<T & { inspection?: RunInspection }> {
  const inspection = await readInspection(reads);
  await recordInspection(handle, inspection);
  return { ...result, inspection };
}
