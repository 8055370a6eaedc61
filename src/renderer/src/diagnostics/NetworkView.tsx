// Network: Wi-Fi and Ethernet (android_wifi_eth: Wi-Fi association, interfaces and their addresses, routes) and
// reachability (android_connectivity: the default network, DNS and ping). A ping is not an HTTPS check: the view
// says so next to the result, as the answer's https_checked: false does.
import { useState, type ReactNode } from 'react';
import { Facts, ProbeNote, StatusBadge, ViewFrame } from './ViewFrame';
import { useProbe } from './useProbe';
import { at, bool, parseInterfaces, parsePing, parseWifi, sectionStatuses, str } from './viewData';

export function NetworkView(props: { serial: string; refreshSignal: number }): ReactNode {
  const { serial, refreshSignal } = props;
  const wifi = useProbe(serial, 'android_wifi_eth', { refreshSignal });
  const reach = useProbe(serial, 'android_connectivity', { refreshSignal });
  const lastHost = reach.card?.args?.['host'];
  const [host, setHost] = useState(typeof lastHost === 'string' ? lastHost : '');
  const hostArgs = (): Record<string, unknown> => (host.trim() === '' ? {} : { host: host.trim() });
  const wifiResult = wifi.card?.run?.result;
  const reachResult = reach.card?.run?.result;
  const wifiFields = parseWifi(str(wifiResult, 'sections', 'wifi', 'stdout') ?? '');
  const interfaces = parseInterfaces(str(wifiResult, 'sections', 'interfaces', 'stdout') ?? '').filter(
    (entry) => entry.name !== 'lo',
  );
  const routes = (str(wifiResult, 'sections', 'routes', 'stdout') ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const ping = parsePing(str(reachResult, 'sections', 'ping', 'stdout') ?? '');
  const connectivity = at(reachResult, 'sections', 'connectivity');
  const dnsStatus = str(reachResult, 'sections', 'dns', 'status');
  const httpsChecked = bool(reachResult, 'https_checked');
  const failed = [...sectionStatuses(wifiResult), ...sectionStatuses(reachResult)].filter(
    ([, status]) => status !== 'complete',
  );
  const controls = (
    <form
      className="view-control"
      onSubmit={(event) => {
        event.preventDefault();
        reach.refresh(hostArgs());
      }}
    >
      <input
        type="text"
        aria-label="Host to reach"
        placeholder={str(reachResult, 'host') ?? 'host (optional)'}
        value={host}
        aria-invalid={reach.card?.fieldError?.field === 'host'}
        onChange={(event) => setHost(event.target.value)}
      />
    </form>
  );
  return (
    <ViewFrame
      id="network"
      title="Network and Wi-Fi"
      probes={[reach, wifi]}
      controls={controls}
      onRefresh={() => {
        reach.refresh(hostArgs());
        wifi.refresh();
      }}
      wide
    >
      <div className="view-columns">
        <Facts
          label="Default network"
          facts={[
            ['Default network', str(connectivity, 'transport')],
            ['Interface', str(connectivity, 'interface')],
            ['Addresses', str(connectivity, 'link_addresses')],
            ['DNS servers', str(connectivity, 'dns_addresses')],
            ['Host', str(reachResult, 'host')],
            [
              'Name resolved',
              dnsStatus === undefined
                ? undefined
                : dnsStatus === 'complete'
                  ? 'yes (ping resolved it)'
                  : 'not shown',
            ],
            [
              'Ping',
              ping.sent === undefined
                ? undefined
                : `${ping.received ?? 0}/${ping.sent} replies${ping.loss === undefined ? '' : `, ${ping.loss} loss`}${ping.avgMs === undefined ? '' : `, avg ${ping.avgMs} ms`}`,
            ],
            ['HTTPS checked', httpsChecked === undefined ? undefined : httpsChecked ? 'yes' : 'no'],
          ]}
        />
        <Facts
          label="Wi-Fi"
          facts={[
            ['Wi-Fi', wifiFields['Wi-Fi']],
            ['SSID', wifiFields['SSID']],
            ['Signal (RSSI)', wifiFields['RSSI']],
            ['Link speed', wifiFields['Link speed']],
            ['Frequency', wifiFields['Frequency']],
            ['Standard', wifiFields['Wi-Fi standard']],
          ]}
        />
      </div>
      {httpsChecked === false && (
        <p className="view-honesty" role="note">
          A ping reply shows the host is reachable over ICMP; it does not prove HTTPS downloads work (no TLS
          or HTTP request was made).
        </p>
      )}
      {interfaces.length > 0 && (
        <table className="view-table" aria-label="Interfaces">
          <thead>
            <tr>
              <th scope="col">Interface</th>
              <th scope="col">State</th>
              <th scope="col">Addresses</th>
            </tr>
          </thead>
          <tbody>
            {interfaces.map((entry) => (
              <tr key={entry.name}>
                <td>{entry.name}</td>
                <td>{entry.state}</td>
                <td>{entry.addresses.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {routes.length > 0 && (
        <details className="view-details">
          <summary>Routes (main table, {routes.length})</summary>
          <pre className="tool-output">{routes.join('\n')}</pre>
        </details>
      )}
      {failed.length > 0 && (
        <p className="muted view-note">
          {failed.map(([name, status]) => (
            <span key={name} className="view-section-status">
              {name} <StatusBadge status={status} label={`${name} status`} />{' '}
            </span>
          ))}
        </p>
      )}
      <ProbeNote probe={wifi} what="Wi-Fi and Ethernet" />
      <CaveatsOf result={wifiResult} />
    </ViewFrame>
  );
}

/** A second probe's caveats (the frame lists the first one's). */
export function CaveatsOf(props: { result: unknown }): ReactNode {
  const caveats = at(props.result, 'caveats');
  if (!Array.isArray(caveats) || caveats.length === 0) return null;
  return (
    <ul className="tool-caveats" aria-label="More caveats">
      {caveats
        .filter((caveat): caveat is string => typeof caveat === 'string')
        .map((caveat) => (
          <li key={caveat}>{caveat}</li>
        ))}
    </ul>
  );
}
