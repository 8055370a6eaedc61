// Runs one Android tool call for any surface: arguments checked with the tool's schema, the device resolved, the
// command runner bound to that device and to the call's cancellation.
import { z } from 'zod';
import { fail, type Result } from '../../shared/errors';
import { parseWith } from '../../shared/schema/parse';
import { runDeviceCommand } from '../../node/adb/deviceCommand';
import type { Approver } from '../approval/approval';
import type { DeviceResolver } from '../devices/types';
import type { AndroidTool } from './tool';

export interface ToolCall {
  /** The caller's arguments, `device` included (the adb serial; optional when one device is connected). */
  arguments: unknown;
  resolver: DeviceResolver;
  approve: Approver;
  signal?: AbortSignal;
  now?: () => number;
}

const DEVICE_FIELD = z
  .string({ error: 'must be an adb serial' })
  .min(1, 'must be an adb serial')
  .describe('adb serial; optional when exactly one device is connected')
  .optional();

/** The arguments a surface accepts for `tool`: its own plus `device` (for tools that use one). */
export function callSchema(tool: AndroidTool): z.ZodType {
  if (tool.device === 'none' || !(tool.arguments instanceof z.ZodObject)) return tool.arguments;
  return tool.arguments.extend({ device: DEVICE_FIELD });
}

/** Splits `device` off the arguments (schemas built by callSchema keep it). */
function withoutDevice(value: unknown): { device: string | undefined; rest: unknown } {
  if (typeof value !== 'object' || value === null || !('device' in value))
    return { device: undefined, rest: value };
  const { device, ...rest } = value as { device?: string };
  return { device, rest };
}

/** Checks arguments only: INVALID_ARGUMENTS naming the field, or the parsed value. */
export function checkArguments(tool: AndroidTool, input: unknown): Result<unknown> {
  return parseWith(callSchema(tool), input ?? {}, { code: 'INVALID_ARGUMENTS', context: tool.name });
}

/** Runs the call. Argument errors are INVALID_ARGUMENTS; device-side failures are the tool's own results. */
export async function runTool(tool: AndroidTool, call: ToolCall): Promise<Result<unknown>> {
  const checked = checkArguments(tool, call.arguments);
  if (!checked.ok) return checked;
  const { device: serial, rest } = withoutDevice(checked.value);
  const signal = call.signal ?? new AbortController().signal;
  if (tool.device === 'none')
    return tool.run(
      {
        device: undefined,
        run: () => Promise.resolve(fail('MISSING_ARGUMENT', `${tool.name} runs no device command`)),
        signal,
        approve: call.approve,
        now: call.now ?? Date.now,
      },
      rest,
    );
  const resolved = await call.resolver.resolve(serial);
  if (!resolved.ok && tool.device === 'optional' && serial === undefined)
    return tool.run(
      {
        device: undefined,
        run: () =>
          Promise.resolve(fail('MISSING_ARGUMENT', `${tool.name}: pass device (${resolved.error.message})`)),
        signal,
        approve: call.approve,
        now: call.now ?? Date.now,
      },
      rest,
    );
  if (!resolved.ok) return resolved;
  const device = resolved.value;
  return tool.run(
    {
      device,
      run: (command, options) =>
        runDeviceCommand(device.client, device.serial, command, { ...options, signal }),
      signal,
      approve: call.approve,
      now: call.now ?? Date.now,
    },
    rest,
  );
}
