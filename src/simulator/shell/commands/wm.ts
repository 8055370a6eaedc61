import { failWith, type CommandContext } from '../commandTable';

// `wm` is a `cmd window` front end: usage errors print to stderr and exit 255 (Java's -1).
const USAGE_STATUS = 255;

/** `wm size [WxH|reset]`, `wm density [DPI|reset]`; setting either is a configuration change. */
export function wm(context: CommandContext): number {
  const [subcommand, value, extra] = context.args;
  if (extra !== undefined) return failWith(context, `Error: unexpected argument '${extra}'`, USAGE_STATUS);
  if (subcommand === 'size') return size(context, value);
  if (subcommand === 'density') return density(context, value);
  // The keyguard is never shown on a simulated device: dismissing it succeeds silently, as on an unlocked phone.
  if (subcommand === 'dismiss-keyguard') return 0;
  return failWith(
    context,
    subcommand === undefined ? 'Error: wm needs a command (size, density)' : `Unknown command: ${subcommand}`,
    USAGE_STATUS,
  );
}

function size(context: CommandContext, value: string | undefined): number {
  const { state } = context.device;
  if (value === undefined) {
    const { physicalSize, overrideSize } = state.display;
    context.stdout(`Physical size: ${physicalSize.widthPx}x${physicalSize.heightPx}\n`);
    if (overrideSize) context.stdout(`Override size: ${overrideSize.widthPx}x${overrideSize.heightPx}\n`);
    return 0;
  }
  if (value === 'reset') {
    state.setSizeOverride(undefined);
    return 0;
  }
  const match = /^(\d{1,5})x(\d{1,5})$/.exec(value);
  const widthPx = Number(match?.[1]);
  const heightPx = Number(match?.[2]);
  if (!match || widthPx <= 0 || heightPx <= 0)
    return failWith(context, `Error: bad size ${value}`, USAGE_STATUS);
  state.setSizeOverride({ widthPx, heightPx });
  return 0;
}

function density(context: CommandContext, value: string | undefined): number {
  const { state } = context.device;
  if (value === undefined) {
    const { physicalDensity, overrideDensity } = state.display;
    context.stdout(`Physical density: ${physicalDensity}\n`);
    if (overrideDensity !== undefined) context.stdout(`Override density: ${overrideDensity}\n`);
    return 0;
  }
  if (value === 'reset') {
    state.setDensityOverride(undefined);
    return 0;
  }
  const dpi = /^\d{1,4}$/.test(value) ? Number(value) : 0;
  if (dpi < 72) return failWith(context, `Error: bad density ${value}`, USAGE_STATUS);
  state.setDensityOverride(dpi);
  return 0;
}
