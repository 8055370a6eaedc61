// android_wifi_eth and android_connectivity: Wi-Fi and Ethernet dumps, interfaces and routes; a DNS check and ping
// with the default network's summary, bounded to the reference's sizes.
import { CONNECTIVITY_ARGUMENTS, NO_ARGUMENTS } from '../../../shared/android/aggregateArguments';
import { cutText, parseConnectivitySummary } from '../../../shared/android/aggregates';
import { shellQuote } from '../../../shared/android/shellQuote';
import { ok } from '../../../shared/errors';
import { defineTool } from '../../android/tool';
import { overallStatus, runSections, type Section } from './sections';

const WIFI_ETH_COMMANDS = {
  wifi: 'dumpsys wifi',
  ethernet: 'dumpsys ethernet',
  interfaces: 'ip address show',
  routes: 'ip route show',
} as const;

export const androidWifiEth = defineTool({
  name: 'android_wifi_eth',
  cli: { command: 'android', verb: 'wifi-eth' },
  description:
    'Wi-Fi and Ethernet state (`dumpsys wifi`, `dumpsys ethernet`, `ip address show`, `ip route show`, run concurrently), each section with its own status; a device without an Ethernet service fails only that section.',
  risk: 'read_only',
  arguments: NO_ARGUMENTS,
  async run(context) {
    const run = await runSections(context, WIFI_ETH_COMMANDS);
    if (!run.ok) return run;
    return ok({
      kind: 'wifi_eth',
      status: overallStatus(run.value),
      sections: run.value,
      caveats: [
        'Many devices have no Ethernet service (Android before 12 without an interface): that section fails alone.',
        'Android keeps default routes per network (ip rule tables), so `ip route show` (the main table) may list no default route while a network works.',
      ],
    });
  },
});

/** The reference's sizes: dns stdout 800, ping and routes 1200, summary fields 160, stderr 300. */
export const CONNECTIVITY_LIMITS = { dns: 800, ping: 1200, routes: 1200, stderr: 300 } as const;

function bounded(section: Section, stdoutChars: number) {
  return {
    command: section.command,
    status: section.status,
    exit_code: section.exit_code,
    stdout: cutText(section.stdout, stdoutChars),
    stderr: cutText(section.stderr, CONNECTIVITY_LIMITS.stderr),
  };
}

export const androidConnectivity = defineTool({
  name: 'android_connectivity',
  cli: { command: 'android', verb: 'connectivity' },
  description:
    'Reachability from the device: `ping -c 1` as the DNS check, `ping -c 3`, `ip route show`, and the default network parsed from `dumpsys connectivity`, each bounded. A successful ping does not prove HTTPS works (https_checked: false).',
  risk: 'read_only',
  arguments: CONNECTIVITY_ARGUMENTS,
  async run(context, args) {
    const host = shellQuote(args.host);
    const run = await runSections(context, {
      dns: `ping -c 1 -W 2 ${host}`,
      ping: `ping -c 3 -W 2 ${host}`,
      routes: 'ip route show',
      connectivity: 'dumpsys connectivity',
    });
    if (!run.ok) return run;
    const { dns, ping, routes, connectivity } = run.value;
    const summary = parseConnectivitySummary(connectivity.stdout);
    return ok({
      kind: 'connectivity',
      host: args.host,
      https_checked: false,
      status: overallStatus(run.value),
      sections: {
        dns: bounded(dns, CONNECTIVITY_LIMITS.dns),
        ping: bounded(ping, CONNECTIVITY_LIMITS.ping),
        routes: bounded(routes, CONNECTIVITY_LIMITS.routes),
        connectivity: {
          command: connectivity.command,
          status: connectivity.status,
          exit_code: connectivity.exit_code,
          ...summary,
          stderr: cutText(connectivity.stderr, CONNECTIVITY_LIMITS.stderr),
        },
      },
      caveats: [
        'A successful ping does not prove HTTPS works: no TLS or HTTP request was made (https_checked: false).',
        'The DNS check is a ping that had to resolve the name; a failed ping can still have resolved it (ICMP may be blocked).',
        'The summary reads only the default network; other networks are in the full `dumpsys connectivity`.',
      ],
    });
  },
});
