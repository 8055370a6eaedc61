// The one entry every transport (IPC, HTTP) goes through: channel check, input re-validation, the call.
import {
  CONSOLE_CHANNELS,
  type ApiResult,
  type ChannelInput,
  type ChannelOutput,
  type ConsoleApi,
  type ConsoleChannel,
} from '../../shared/api/contract';
import { fail } from '../../shared/errors';
import { parseChannelInput } from './channelInputs';

export function isConsoleChannel(name: string): name is ConsoleChannel {
  return (CONSOLE_CHANNELS as readonly string[]).includes(name);
}

async function invoke<C extends ConsoleChannel>(
  api: ConsoleApi,
  channel: C,
  input: unknown,
): Promise<ApiResult<ChannelOutput<C>>> {
  const parsed = parseChannelInput(channel, input);
  if (!parsed.ok) return parsed;
  const handler: (input: ChannelInput<C>) => Promise<ApiResult<ChannelOutput<C>>> = api[channel];
  return handler(parsed.value);
}

/** Validates `input` for `channel` and calls the API; a handler that throws becomes INTERNAL_ERROR (and onError). */
export async function dispatchChannel(
  api: ConsoleApi,
  channel: ConsoleChannel,
  input: unknown,
  onError?: (error: unknown, channel: ConsoleChannel) => void,
): Promise<ApiResult<unknown>> {
  try {
    return await invoke(api, channel, input);
  } catch (error) {
    onError?.(error, channel);
    return fail('INTERNAL_ERROR', `${channel} failed unexpectedly; the console log has the details.`, {
      channel,
    });
  }
}
