import type { DeviceState } from '../../../device/state';
import { isTelevision } from '../../../device/systemState';
import { failWith, type CommandContext } from '../../commandTable';
import { abortableDelay } from '../basic';
import { networksOf } from '../dumpsys/network';

// `ip address show`, `ip route show` (iproute2, /system/bin/ip) and `ping` over the networks the device is connected
// to (the ones `dumpsys connectivity` reports: Wi-Fi, mobile data, Ethernet, from settings and system state).
// Nothing leaves the simulator: with a connected network every address answers, names resolve to documentation
// addresses (198.51.100.0/24), and without one ping says the network is unreachable.

interface Interface {
  index: number;
  name: string;
  flags: string;
  mtu: number;
  qdisc: string;
  state: 'UP' | 'DOWN' | 'UNKNOWN';
  link: string;
  inet?: { address: string; prefix: number };
}

/** A stable locally administered MAC for an interface name. */
function mac(name: string): string {
  let hash = 0;
  for (const character of name) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  const bytes = [0x02, 0x00, (hash >>> 24) & 0xff, (hash >>> 16) & 0xff, (hash >>> 8) & 0xff, hash & 0xff];
  return bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(':');
}

function interfaces(state: DeviceState): Interface[] {
  const networks = networksOf(state);
  const up = (name: string) => networks.find((network) => network.interfaceName === name);
  const wifi = state.getProperty('wifi.interface') ?? 'wlan0';
  const names = [
    wifi,
    ...(isTelevision(state) ? [] : ['rmnet_data1']),
    ...networks.map((network) => network.interfaceName),
  ];
  const list: Interface[] = [
    {
      index: 1,
      name: 'lo',
      flags: 'LOOPBACK,UP,LOWER_UP',
      mtu: 65536,
      qdisc: 'noqueue',
      state: 'UNKNOWN',
      link: 'link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00',
      inet: { address: '127.0.0.1', prefix: 8 },
    },
  ];
  for (const name of [...new Set(names)]) {
    const network = up(name);
    const cellular = name.startsWith('rmnet');
    list.push({
      index: list.length + 1,
      name,
      flags: network ? (cellular ? 'UP,LOWER_UP' : 'BROADCAST,MULTICAST,UP,LOWER_UP') : 'BROADCAST,MULTICAST',
      mtu: 1500,
      qdisc: 'mq',
      state: network ? (cellular ? 'UNKNOWN' : 'UP') : 'DOWN',
      link: cellular ? 'link/[530] ' : `link/ether ${mac(name)} brd ff:ff:ff:ff:ff:ff`,
      ...(network ? { inet: { address: network.address, prefix: network.prefix } } : {}),
    });
  }
  return list;
}

function broadcast(address: string, prefix: number): string {
  const value = address.split('.').reduce((sum, part) => (sum << 8) + Number(part), 0) >>> 0;
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  const result = (value | ~mask) >>> 0;
  return [24, 16, 8, 0].map((shift) => (result >>> shift) & 0xff).join('.');
}

function networkAddress(address: string, prefix: number): string {
  const value = address.split('.').reduce((sum, part) => (sum << 8) + Number(part), 0) >>> 0;
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  const result = (value & mask) >>> 0;
  return [24, 16, 8, 0].map((shift) => (result >>> shift) & 0xff).join('.');
}

function addressLines(entry: Interface): string {
  const header = `${entry.index}: ${entry.name}: <${entry.flags}> mtu ${entry.mtu} qdisc ${entry.qdisc} state ${entry.state} group default qlen ${entry.name === 'lo' ? 1000 : 3000}\n    ${entry.link}\n`;
  if (!entry.inet) return header;
  const { address, prefix } = entry.inet;
  const scope = entry.name === 'lo' ? 'host' : 'global';
  const brd = entry.name === 'lo' || prefix >= 31 ? '' : ` brd ${broadcast(address, prefix)}`;
  return `${header}    inet ${address}/${prefix}${brd} scope ${scope} ${entry.name}\n       valid_lft forever preferred_lft forever\n`;
}

/** `ip [-4] address|addr|a [show [[dev] IFACE]]`, `ip route|r [show]`, `ip link [show]`. */
export function ip(context: CommandContext): number {
  const args = context.args.filter((argument) => argument !== '-4');
  const [object = '', verb = 'show', ...rest] = args;
  const list = interfaces(context.device.state);
  if (verb !== 'show' && verb !== 'list' && verb !== 'ls')
    return failWith(context, `Command "${verb}" is unknown, try "ip ${object} help".`, 255);
  // iproute2 takes the device with or without the `dev` keyword (`ip addr show wlan0`).
  const device = rest[0] === 'dev' ? rest[1] : rest[0];
  const selected = device === undefined ? list : list.filter((entry) => entry.name === device);
  if (device !== undefined && selected.length === 0)
    return failWith(context, `Device "${device}" does not exist.`, 1);
  if (['address', 'addr', 'a'].includes(object)) {
    context.stdout(selected.map(addressLines).join(''));
    return 0;
  }
  if (['link', 'l'].includes(object)) {
    context.stdout(
      selected
        .map(
          (entry) =>
            `${entry.index}: ${entry.name}: <${entry.flags}> mtu ${entry.mtu} qdisc ${entry.qdisc} state ${entry.state} mode DEFAULT group default qlen ${entry.name === 'lo' ? 1000 : 3000}\n    ${entry.link}\n`,
        )
        .join(''),
    );
    return 0;
  }
  if (['route', 'r', 'ro'].includes(object)) {
    // Android keeps default routes in per-network tables; the main table holds the connected subnets.
    context.stdout(
      networksOf(context.device.state)
        .map(
          (network) =>
            `${networkAddress(network.address, network.prefix)}/${network.prefix} dev ${network.interfaceName} proto kernel scope link src ${network.address} \n`,
        )
        .join(''),
    );
    return 0;
  }
  return failWith(context, `Object "${object}" is unknown, try "ip help".`, 255);
}

function netmask(prefix: number): string {
  return broadcast('0.0.0.0', prefix)
    .split('.')
    .map((part) => 255 - Number(part))
    .join('.');
}

/** One interface as toybox's ifconfig prints it (counters zero: the simulator moves no packets). */
function ifconfigLines(entry: Interface): string {
  const up = entry.state !== 'DOWN';
  const loopback = entry.name === 'lo';
  const link = loopback
    ? 'Link encap:Local Loopback '
    : entry.link.startsWith('link/ether')
      ? `Link encap:Ethernet  HWaddr ${entry.link.split(' ')[1] ?? ''}`
      : 'Link encap:UNSPEC    ';
  const lines = [`${entry.name.padEnd(9)} ${link}`];
  if (entry.inet) {
    const { address, prefix } = entry.inet;
    const bcast = loopback || prefix >= 31 ? '' : `  Bcast:${broadcast(address, prefix)}`;
    lines.push(`          inet addr:${address}${bcast}  Mask:${netmask(prefix)} `);
  }
  const flags = [
    ...(up ? ['UP'] : []),
    ...(loopback ? ['LOOPBACK'] : entry.flags.includes('BROADCAST') ? ['BROADCAST'] : []),
    ...(up ? ['RUNNING'] : []),
    ...(entry.flags.includes('MULTICAST') ? ['MULTICAST'] : []),
  ];
  lines.push(`          ${flags.join(' ')}  MTU:${entry.mtu}  Metric:1`);
  lines.push('          RX packets:0 errors:0 dropped:0 overruns:0 frame:0 ');
  lines.push('          TX packets:0 errors:0 dropped:0 overruns:0 carrier:0 ');
  lines.push(`          collisions:0 txqueuelen:${loopback ? 1000 : 3000} `);
  lines.push('          RX bytes:0 TX bytes:0 ');
  return `${lines.join('\n')}\n\n`;
}

/** `ifconfig [IFACE]` (toybox): the interfaces that are up, or the one named (up or down). */
export function ifconfig(context: CommandContext): number {
  const list = interfaces(context.device.state);
  const [name] = context.args;
  if (name === undefined) {
    context.stdout(
      list
        .filter((entry) => entry.state !== 'DOWN')
        .map(ifconfigLines)
        .join(''),
    );
    return 0;
  }
  const entry = list.find((candidate) => candidate.name === name);
  if (!entry) return failWith(context, `ifconfig: ${name}: No such device`, 1);
  context.stdout(ifconfigLines(entry));
  return 0;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** A host name's simulated address: localhost, or a stable one in 198.51.100.0/24 (documentation range). */
function resolve(host: string): string | undefined {
  if (IPV4.test(host)) return host.split('.').every((part) => Number(part) <= 255) ? host : undefined;
  if (host === 'localhost') return '127.0.0.1';
  if (!/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(host))
    return undefined;
  let hash = 0;
  for (const character of host) hash = (hash * 33 + character.charCodeAt(0)) >>> 0;
  return `198.51.100.${(hash % 254) + 1}`;
}

/** `ping [-c COUNT] [-i INTERVAL] [-W TIMEOUT] [-w DEADLINE] [-s SIZE] [-q] HOST` (iputils wording). */
export async function ping(context: CommandContext): Promise<number> {
  let count = Number.POSITIVE_INFINITY;
  let intervalMs = 1000;
  let size = 56;
  let quiet = false;
  let host: string | undefined;
  const args = [...context.args];
  while (args.length > 0) {
    const argument = args.shift() as string;
    if (argument === '-q') quiet = true;
    else if (['-c', '-i', '-W', '-w', '-s', '-t'].includes(argument)) {
      const value = Number(args.shift());
      if (!Number.isFinite(value) || value < 0)
        return failWith(context, `ping: bad value for ${argument}`, 2);
      if (argument === '-c') count = Math.max(1, Math.floor(value));
      if (argument === '-i') {
        if (value < 0.2)
          return failWith(context, 'ping: cannot flood; minimal interval allowed for user is 200ms', 2);
        intervalMs = value * 1000;
      }
      if (argument === '-s') size = Math.floor(value);
    } else if (argument.startsWith('-'))
      return failWith(context, `ping: invalid option -- '${argument.slice(1)}'`, 2);
    else host = argument;
  }
  if (host === undefined)
    return failWith(
      context,
      'Usage: ping [-aAbBdDfhLnOqrRUvV] [-c count] [-i interval] [-W timeout] destination',
      2,
    );
  const address = resolve(host);
  if (address === undefined) return failWith(context, `ping: unknown host ${host}`, 2);
  const loopback = address.startsWith('127.');
  const networks = networksOf(context.device.state);
  if (!loopback && networks.length === 0) return failWith(context, 'connect: Network is unreachable', 2);
  context.stdout(`PING ${host} (${address}) ${size}(${size + 28}) bytes of data.\n`);
  const times: number[] = [];
  const startedMs = Date.now();
  for (let sequence = 1; sequence <= count && !context.signal.aborted; sequence += 1) {
    // A round trip: loopback well under a millisecond, the LAN a few ms, beyond it tens of ms.
    const base = loopback ? 0.05 : address === networks[0]?.gateway ? 3 : 24;
    const time = base + ((sequence * 7919 + address.length * 31) % 100) / 40;
    times.push(time);
    if (!quiet)
      context.stdout(
        `${size + 8} bytes from ${address}: icmp_seq=${sequence} ttl=${loopback ? 64 : 116} time=${time.toFixed(time < 10 ? 2 : 1)} ms\n`,
      );
    if (sequence < count) await abortableDelay(intervalMs, context.signal);
  }
  const sent = times.length;
  const min = Math.min(...times);
  const max = Math.max(...times);
  const average = times.reduce((sum, time) => sum + time, 0) / sent;
  const deviation = Math.sqrt(times.reduce((sum, time) => sum + (time - average) ** 2, 0) / sent);
  context.stdout(
    `\n--- ${host} ping statistics ---\n${sent} packets transmitted, ${sent} received, 0% packet loss, time ${Date.now() - startedMs}ms\n` +
      `rtt min/avg/max/mdev = ${min.toFixed(3)}/${average.toFixed(3)}/${max.toFixed(3)}/${deviation.toFixed(3)} ms\n`,
  );
  return 0;
}
