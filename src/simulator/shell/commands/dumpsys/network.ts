// Networking: `dumpsys connectivity` (default network and NetworkAgentInfo per network), `wifi`, `ethernet` (API 31+
// on phones; earlier only devices with an Ethernet feature have it) and `netstats [detail]`, from SystemState's Wi-Fi
// and Ethernet and the global settings (wifi_on, mobile_data, airplane_mode_on).
import type { DeviceState } from '../../../device/state';
import { appUid, workPackages } from '../../../device/systemDefaults';
import { isTelevision, systemStateOf } from '../../../device/systemState';
import { dateTime, lines } from './format';

type Transport = 'WIFI' | 'CELLULAR' | 'ETHERNET';

interface NetworkAgent {
  netId: number;
  transport: Transport;
  interfaceName: string;
  address: string;
  prefix: number;
  gateway: string;
  dns: readonly string[];
  metered: boolean;
}

/** Connected networks, the default one first (Ethernet over Wi-Fi over cellular). */
export function networksOf(state: DeviceState): NetworkAgent[] {
  const system = systemStateOf(state);
  const airplane = state.getSetting('global', 'airplane_mode_on') === '1';
  const networks: NetworkAgent[] = [];
  if (system.ethernet.interfaceName !== undefined && system.ethernet.linkUp)
    networks.push({
      netId: 99,
      transport: 'ETHERNET',
      interfaceName: system.ethernet.interfaceName,
      address: system.ethernet.ipv4,
      prefix: 24,
      gateway: system.wifi.gateway,
      dns: system.wifi.dns,
      metered: false,
    });
  if (!airplane && system.wifiConnected)
    networks.push({
      netId: 100,
      transport: 'WIFI',
      interfaceName: state.getProperty('wifi.interface') ?? 'wlan0',
      address: system.wifi.ipv4,
      prefix: 24,
      gateway: system.wifi.gateway,
      dns: system.wifi.dns,
      metered: false,
    });
  if (!airplane && !isTelevision(state) && state.getSetting('global', 'mobile_data') === '1')
    networks.push({
      netId: 101,
      transport: 'CELLULAR',
      interfaceName: 'rmnet_data1',
      address: '10.112.47.9',
      prefix: 30,
      gateway: '10.112.47.10',
      dns: ['10.177.0.34', '10.177.0.210'],
      metered: true,
    });
  return networks;
}

function capabilities(network: NetworkAgent, foreground: boolean): string {
  return [
    ...(network.metered ? [] : ['NOT_METERED']),
    'INTERNET',
    'NOT_RESTRICTED',
    'TRUSTED',
    'NOT_VPN',
    'VALIDATED',
    'NOT_ROAMING',
    ...(foreground ? ['FOREGROUND'] : []),
    'NOT_CONGESTED',
    'NOT_SUSPENDED',
  ].join('&');
}

function agentLine(state: DeviceState, network: NetworkAgent, isDefault: boolean): string {
  const system = systemStateOf(state);
  const typeName = network.transport === 'CELLULAR' ? 'MOBILE[LTE]' : network.transport;
  const routes = [
    `${network.address.replace(/\.\d+$/, '.0')}/${network.prefix} -> 0.0.0.0 ${network.interfaceName} mtu 0`,
    `0.0.0.0/0 -> ${network.gateway} ${network.interfaceName} mtu 0`,
  ];
  const transportInfo =
    network.transport === 'WIFI'
      ? ` TransportInfo: <SSID: <unknown ssid>, BSSID: 02:00:00:00:00:00, RSSI: ${system.wifi.rssi}, Link speed: ${system.wifi.linkSpeedMbps}Mbps, Frequency: ${system.wifi.frequencyMhz}MHz> SignalStrength: ${system.wifi.rssi}`
      : '';
  return `  NetworkAgentInfo{network{${network.netId}}  handle{${network.netId * 4_294_967_296 + 3_735_928_559}}  ni{${typeName} CONNECTED extra: } created{${dateTime(state, system.bootTimeMs + 25_000)}} lp{{InterfaceName: ${network.interfaceName} LinkAddresses: [ ${network.address}/${network.prefix} ] DnsAddresses: [ ${network.dns.map((dns) => `/${dns}`).join(',')} ] Domains: ${network.transport === 'WIFI' ? 'lan' : 'null'} MTU: 1500 Routes: [ ${routes.join(',')} ]}} nc{[ Transports: ${network.transport} Capabilities: ${capabilities(network, isDefault || network.transport !== 'CELLULAR')} LinkUpBandwidth>=${network.metered ? 15_000 : 45_000}Kbps LinkDnBandwidth>=${network.metered ? 30_000 : 55_000}Kbps${transportInfo}]}  factorySerialNumber=${network.netId - 98}}`;
}

export function connectivityService(state: DeviceState): string {
  const networks = networksOf(state);
  const [active] = networks;
  return lines(
    'NetworkProviders for:',
    '  Wifi',
    '  TelephonyNetworkProvider',
    ...(systemStateOf(state).ethernet.interfaceName !== undefined ? ['  EthernetNetworkProvider'] : []),
    '',
    `Active default network: ${active === undefined ? 'none' : active.netId}`,
    '',
    'Current Networks:',
    ...networks.map((network, index) => agentLine(state, network, index === 0)),
    '',
    `Network Requests:`,
    '  uid/pid:1000/1215 activeRequest: null callbackRequest: 1 [NetworkRequest [ REQUEST id=1, [ Capabilities: INTERNET&NOT_RESTRICTED&TRUSTED&NOT_VPN Uid: 1000 RequestorUid: 1000 RequestorPkg: android] ]]',
    '',
  );
}

export function wifiService(state: DeviceState): string {
  const system = systemStateOf(state);
  const enabled = state.getSetting('global', 'wifi_on') !== '0';
  const { wifi } = system;
  const connected = system.wifiConnected;
  const info = connected
    ? `SSID: "${wifi.ssid ?? ''}", BSSID: ${wifi.bssid}, MAC: 02:00:00:00:00:00, IP: /${wifi.ipv4}, Security type: 2, Supplicant state: COMPLETED, ${state.sdkLevel >= 30 ? 'Wi-Fi standard: 11ac, ' : ''}RSSI: ${wifi.rssi}, Link speed: ${wifi.linkSpeedMbps}Mbps, Tx Link speed: ${wifi.linkSpeedMbps}Mbps, Rx Link speed: ${Math.round(wifi.linkSpeedMbps * 0.9)}Mbps, Frequency: ${wifi.frequencyMhz}MHz, Net ID: 0, Metered hint: false, score: 60`
    : 'SSID: <unknown ssid>, BSSID: <none>, MAC: 02:00:00:00:00:00, IP: null, Security type: -1, Supplicant state: DISCONNECTED, RSSI: -127, Link speed: -1Mbps, Frequency: -1MHz, Net ID: -1, Metered hint: false, score: 0';
  return lines(
    `Wi-Fi is ${enabled ? 'enabled' : 'disabled'}`,
    'Verbose logging is off',
    `Stay-awake conditions: ${state.getSetting('global', 'stay_on_while_plugged_in') ?? '0'}`,
    `mInIdleMode ${system.doze.deep === 'IDLE'}`,
    'mScanPending false',
    '',
    `current StateMachine mode: ${!enabled ? 'DisabledState' : connected ? 'ConnectedState' : 'DisconnectedState'}`,
    `mWifiInfo ${info}`,
    `mDhcpResults ${connected ? `baseConfiguration IP address ${wifi.ipv4}/24 Gateway ${wifi.gateway}  DNS servers: [ ${wifi.dns.join(' ')} ] Domains lan` : 'null'}`,
    `mNetworkInfo [type: WIFI[], state: ${connected ? 'CONNECTED/CONNECTED' : 'DISCONNECTED/DISCONNECTED'}, reason: (unspecified), extra: <none>, failover: false, available: true, roaming: false]`,
    '',
    'WifiConfigManager - Configured networks Begin ----',
    ...(wifi.ssid === undefined
      ? []
      : [
          ` ID: 0 SSID: "${wifi.ssid}" PROVIDER-NAME: null BSSID: null FQDN: null PRIO: 0 HIDDEN: false PMF: false`,
          `  NetworkSelectionStatus NETWORK_SELECTION_ENABLED`,
          `  KeyMgmt: WPA_PSK Protocols: WPA RSN`,
        ]),
    'WifiConfigManager - Configured networks End ----',
  );
}

export function ethernetService(state: DeviceState): string {
  const { ethernet } = systemStateOf(state);
  const name = ethernet.interfaceName;
  return lines(
    'Current Ethernet state: ',
    '  Ethernet interface name filter: eth\\d',
    `  Default interface: ${name ?? ''}`,
    `  Default interface mode: ${name === undefined ? 'unset' : 'client'}`,
    '  Listeners: 1',
    '  EthernetNetworkFactory:',
    `    Tracking interfaces: [${name ?? ''}]`,
    ...(name === undefined
      ? []
      : [
          `    ${name}: NetworkInterfaceState{ refCount: 1, iface: ${name}, up: ${ethernet.linkUp}, hwAddress: 02:1a:11:f0:0c:5e, linkProperties: {InterfaceName: ${name} LinkAddresses: [ ${ethernet.ipv4}/24 ] DnsAddresses: [ /192.168.1.1 ] MTU: 1500} }`,
        ]),
  );
}

function ident(state: DeviceState, transport: Transport, isDefault: boolean): string {
  const sdk = state.sdkLevel;
  const { wifi } = systemStateOf(state);
  const type = transport === 'CELLULAR' ? 'MOBILE' : transport;
  const key = transport === 'WIFI' ? `"${wifi.ssid ?? ''}"` : 'null';
  if (sdk >= 31)
    return `[{type=${type}, ratType=${transport === 'CELLULAR' ? 'LTE' : 'COMBINED'}, ${transport === 'WIFI' ? `wifiNetworkKey=${key}, ` : ''}metered=${transport === 'CELLULAR'}, defaultNetwork=${isDefault}, oemManaged=OEM_NONE, subId=${transport === 'CELLULAR' ? 1 : -1}}]`;
  const base = `{type=${type}, subType=${transport === 'CELLULAR' ? 'LTE' : 'COMBINED'}${transport === 'WIFI' ? `, networkId=${key}` : ''}`;
  return sdk >= 28
    ? `[${base}, metered=${transport === 'CELLULAR'}, defaultNetwork=${isDefault}}]`
    : `[${base}}]`;
}

/** Bytes an app received so far: stable per uid, growing with uptime. */
function usage(uid: number, elapsedMs: number): { rb: number; rp: number; tb: number; tp: number } {
  const rate = 1 + (uid % 13);
  const rb = Math.round((elapsedMs / 1000) * rate * 1024);
  return { rb, rp: Math.round(rb / 1400), tb: Math.round(rb / 6), tp: Math.round(rb / 5200) };
}

export function netstatsService(state: DeviceState, args: readonly string[]): string {
  const detail = args.includes('detail') || args.includes('--full');
  const system = systemStateOf(state);
  const elapsed = system.elapsedNow();
  const networks = networksOf(state);
  const bucketStart = Math.floor(state.now() / 7_200_000) * 7200;
  const history = (key: number, bucket: number): string[] => {
    const { rb, rp, tb, tp } = usage(key, elapsed);
    return [
      `    NetworkStatsHistory: bucketDuration=${bucket}`,
      `      st=${bucketStart} rb=${rb} rp=${rp} tb=${tb} tp=${tp} op=0`,
    ];
  };
  const identities = networks.map((network, index) => ({
    network,
    text: ident(state, network.transport, index === 0),
  }));
  const rows = [
    'Active interfaces:',
    ...identities.map(({ network, text }) => `  iface=${network.interfaceName} ident=${text}`),
    'Active UID interfaces:',
    ...identities.map(({ network, text }) => `  iface=${network.interfaceName} ident=${text}`),
    'Dev stats:',
    `  Pending bytes: ${usage(0, elapsed).rb % 100_000}`,
    '  History since boot:',
    ...identities.flatMap(({ network, text }) => [
      `  ident=${text} uid=-1 set=ALL tag=0x0`,
      ...history(network.netId, 3600),
    ]),
    'Xt stats:',
    `  Pending bytes: ${usage(1, elapsed).rb % 100_000}`,
    '  History since boot:',
    ...identities.flatMap(({ network, text }) => [
      `  ident=${text} uid=-1 set=ALL tag=0x0`,
      ...history(network.netId + 7, 3600),
    ]),
  ];
  if (detail) {
    const [main] = identities;
    rows.push('UID stats:');
    if (main) {
      const uids = [1000, ...workPackages(state).map((packageName) => appUid(state, packageName))];
      for (const uid of uids)
        rows.push(`  ident=${main.text} uid=${uid} set=DEFAULT tag=0x0`, ...history(uid, 7200));
    }
    rows.push('UID tag stats:');
  }
  return lines(rows);
}
