import { describe, expect, it } from 'vitest';
import { runShell } from '../../../../test-support/runShell';
import { DeviceState } from '../../../device/state';
import { systemStateOf } from '../../../device/systemState';

// ip and ping over the networks dumpsys connectivity reports (Wi-Fi and mobile data on a default phone).

const out = async (line: string, state: DeviceState): Promise<string> =>
  (await runShell(line, { state })).stdout.toString();

describe('ip', () => {
  it('shows lo and the connected interfaces with their addresses, as iproute2 prints them', async () => {
    const state = new DeviceState();
    const wifi = systemStateOf(state).wifi;
    const text = await out('ip address show', state);
    expect(text).toMatch(/^1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN/);
    expect(text).toContain('    inet 127.0.0.1/8 scope host lo\n');
    expect(text).toMatch(
      new RegExp(
        `\\d+: wlan0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc mq state UP group default qlen 3000\\n    link/ether [0-9a-f:]{17} brd ff:ff:ff:ff:ff:ff\\n    inet ${wifi.ipv4.replaceAll('.', '\\.')}/24 brd 192\\.168\\.1\\.255 scope global wlan0\\n`,
      ),
    );
    expect(await out('ip -4 addr show dev wlan0', state)).toMatch(/^\d+: wlan0:/);
    // Without `dev` the word is the device too (adbkit's getIpAddress sends `ip addr show wlan0`).
    const wlanOnly = await out('ip addr show wlan0', state);
    expect(wlanOnly).toMatch(/^\d+: wlan0:/);
    expect(wlanOnly).not.toContain('127.0.0.1');
    expect((await runShell('ip addr show wlan9', { state })).stderr.toString()).toBe(
      'Device "wlan9" does not exist.\n',
    );
    expect((await runShell('ip addr show dev wlan9', { state })).stderr.toString()).toBe(
      'Device "wlan9" does not exist.\n',
    );
  });

  it('routes the connected subnets in the main table; Wi-Fi off takes wlan0 down', async () => {
    const state = new DeviceState();
    const wifi = systemStateOf(state).wifi;
    expect(await out('ip route show', state)).toContain(
      `192.168.1.0/24 dev wlan0 proto kernel scope link src ${wifi.ipv4} \n`,
    );
    state.putSetting('global', 'wifi_on', '0');
    expect(await out('ip route', state)).not.toContain('wlan0');
    expect(await out('ip addr show dev wlan0', state)).toMatch(/<BROADCAST,MULTICAST> .* state DOWN/);
  });
});

describe('ping', () => {
  it('answers with a connected network, in iputils wording and statistics', async () => {
    const state = new DeviceState();
    const run = await runShell('ping -c 2 -i 0.2 8.8.8.8', { state });
    expect(run.status).toBe(0);
    const text = run.stdout.toString();
    expect(text).toMatch(
      /^PING 8\.8\.8\.8 \(8\.8\.8\.8\) 56\(84\) bytes of data\.\n64 bytes from 8\.8\.8\.8: icmp_seq=1 ttl=116 time=[\d.]+ ms\n64 bytes from 8\.8\.8\.8: icmp_seq=2/,
    );
    expect(text).toContain(
      '--- 8.8.8.8 ping statistics ---\n2 packets transmitted, 2 received, 0% packet loss',
    );
    expect(text).toMatch(/rtt min\/avg\/max\/mdev = [\d.]+\/[\d.]+\/[\d.]+\/[\d.]+ ms\n$/);
    expect(await out('ping -c 1 example.com', state)).toMatch(/^PING example\.com \(198\.51\.100\.\d+\)/);
  });

  it('is unreachable without a network, and refuses unknown hosts and flood intervals', async () => {
    const state = new DeviceState();
    state.putSetting('global', 'airplane_mode_on', '1');
    const unreachable = await runShell('ping -c 1 8.8.8.8', { state });
    expect(unreachable).toMatchObject({ status: 2 });
    expect(unreachable.stderr.toString()).toBe('connect: Network is unreachable\n');
    expect((await runShell('ping -c 1 127.0.0.1', { state })).status).toBe(0);
    expect((await runShell('ping -c 1 no_such..host', { state })).stderr.toString()).toBe(
      'ping: unknown host no_such..host\n',
    );
    expect((await runShell('ping -i 0.01 -c 1 8.8.8.8')).stderr.toString()).toContain('cannot flood');
  });
});

describe('ifconfig and the toybox multiplexer', () => {
  it('prints interfaces as toybox ifconfig does; `toybox APPLET` runs the applet', async () => {
    const state = new DeviceState();
    const wifi = systemStateOf(state).wifi;
    const wlan = await out('ifconfig wlan0', state);
    expect(wlan).toMatch(/^wlan0 {5}Link encap:Ethernet {2}HWaddr [0-9a-f:]{17}\n/);
    expect(wlan).toContain(`          inet addr:${wifi.ipv4}  Bcast:192.168.1.255  Mask:255.255.255.0 \n`);
    expect(wlan).toContain('          UP BROADCAST RUNNING MULTICAST  MTU:1500  Metric:1\n');
    expect(await out('ifconfig', state)).toMatch(
      /^lo {8}Link encap:Local Loopback \n {10}inet addr:127\.0\.0\.1 {2}Mask:255\.0\.0\.0 \n/,
    );
    const missing = await runShell('ifconfig eth9', { state });
    expect([missing.stderr.toString(), missing.status]).toEqual(['ifconfig: eth9: No such device\n', 1]);

    expect(await out('toybox ifconfig wlan0', state)).toBe(wlan);
    expect((await out('toybox', state)).split(' ')).toEqual(expect.arrayContaining(['ls', 'md5sum', 'ps']));
    const unknown = await runShell('toybox am', { state });
    expect([unknown.stderr.toString(), unknown.status]).toEqual(['toybox: Unknown command am\n', 1]);
  });
});
