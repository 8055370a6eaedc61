import { failWith, type CommandContext } from '../../commandTable';

// `toybox CMD ARGS...` (/system/bin/toybox): the multiplexer every toybox applet is a symlink to. Host tools call it
// by name to avoid vendor replacements (uiautomator2 sends `toybox md5sum FILE`). Alone it lists its applets.

/** The simulated commands that are toybox applets on Android (iproute2's ip, ping and the Java front ends are not). */
export const TOYBOX_APPLETS: readonly string[] = [
  'cat',
  'chmod',
  'cut',
  'date',
  'df',
  'du',
  'echo',
  'env',
  'false',
  'getenforce',
  'getprop',
  'grep',
  'head',
  'id',
  'ifconfig',
  'ls',
  'md5sum',
  'mkdir',
  'pidof',
  'printf',
  'ps',
  'rm',
  'sed',
  'setprop',
  'sleep',
  'sort',
  'stat',
  'tail',
  'top',
  'touch',
  'true',
  'uname',
  'wc',
  'which',
  'whoami',
];

/** `toybox [APPLET [ARGS...]]`. */
export function toybox(context: CommandContext): number | Promise<number> {
  const [applet, ...args] = context.args;
  const available = TOYBOX_APPLETS.filter((name) => context.device.commands.has(name));
  if (applet === undefined) {
    context.stdout(`${available.join(' ')}\n`);
    return 0;
  }
  const handler = available.includes(applet) ? context.device.commands.get(applet) : undefined;
  if (!handler) return failWith(context, `toybox: Unknown command ${applet}`, 1);
  return handler({ ...context, name: applet, args });
}
