import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_TYPES, encodeMessage, nulTerminated, PROTOCOL_VERSION } from './protocol';
import { SimulatedDevice, type SimulatedDeviceOptions } from './simulatedDevice';
import { RawHost } from '../../test-support/rawHost';

// Wire-level behaviour of the simulated adbd, driven by a raw host (no adb server involved).

const devices: SimulatedDevice[] = [];
const hosts: RawHost[] = [];

async function setup(
  options: SimulatedDeviceOptions = {},
): Promise<{ device: SimulatedDevice; host: RawHost }> {
  const device = await SimulatedDevice.start(options);
  devices.push(device);
  const host = await RawHost.connect(device.port);
  hosts.push(host);
  return { device, host };
}

async function online(
  options: SimulatedDeviceOptions = {},
  maxPayload?: number,
): Promise<{ device: SimulatedDevice; host: RawHost }> {
  const pair = await setup(options);
  pair.host.hello(maxPayload);
  await pair.host.next((message) => message.command === 'CNXN');
  return pair;
}

afterEach(async () => {
  for (const host of hosts.splice(0)) host.close();
  for (const device of devices.splice(0)) await device.close();
});

describe('handshake', () => {
  it('answers CNXN at once with an honest banner and no trailing NUL', async () => {
    const { host } = await setup({ state: { properties: { 'ro.product.model': 'Pixel Sim 8' } } });
    host.hello();
    const reply = await host.next();
    expect(reply.command).toBe('CNXN');
    expect(reply.arg0).toBe(PROTOCOL_VERSION);
    expect(reply.arg1).toBe(256 * 1024);
    expect(reply.payload.toString()).toBe(
      'device::ro.product.name=sim;ro.product.model=Pixel Sim 8;ro.product.device=sim;features=shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir,abb,abb_exec,sendrecv_v2',
    );
  });

  it('uses the configured banner state and feature list', async () => {
    const { host } = await setup({ bannerState: 'recovery', features: [] });
    host.hello();
    const reply = await host.next();
    expect(reply.payload.toString()).toMatch(/^recovery::.*;features=$/);
  });

  it('in token mode sends AUTH TOKEN first and accepts any signature', async () => {
    const { host } = await setup({ auth: 'token' });
    host.hello();
    const token = await host.next();
    expect(token).toMatchObject({ command: 'AUTH', arg0: AUTH_TYPES.token });
    expect(token.payload.length).toBe(20);
    host.send('AUTH', AUTH_TYPES.signature, 0, Buffer.alloc(256, 1));
    expect((await host.next()).command).toBe('CNXN');
  });

  it('when unauthorized never sends CNXN, re-challenges signatures, and completes once allowed', async () => {
    const { device, host } = await setup({ unauthorized: true });
    host.hello();
    expect((await host.next()).command).toBe('AUTH');
    host.send('AUTH', AUTH_TYPES.signature, 0, Buffer.alloc(256, 1));
    expect(await host.next()).toMatchObject({ command: 'AUTH', arg0: AUTH_TYPES.token });
    host.send('AUTH', AUTH_TYPES.publicKey, 0, Buffer.from('QAAAA fake key\0'));
    expect(await host.pending(100)).toEqual([]);
    host.open(1, 'shell:id');
    expect(await host.pending(50)).toEqual([]);
    device.setUnauthorized(false);
    expect((await host.next()).command).toBe('CNXN');
  });

  it('drops online connections when switched to unauthorized', async () => {
    const { device, host } = await online();
    device.setUnauthorized(true);
    await expect(host.next(() => false, 1000)).rejects.toThrow('connection closed');
  });

  it('drops a connection that sends a corrupt header', async () => {
    const { host } = await setup();
    const broken = encodeMessage('CNXN', PROTOCOL_VERSION, 4096);
    broken.writeUInt32LE(0, 20);
    host.writeRaw(broken);
    await expect(host.next(() => false, 1000)).rejects.toThrow('connection closed');
  });
});

describe('streams', () => {
  it('runs exec: and closes after the host acknowledged the last WRTE', async () => {
    const { host } = await online();
    host.open(11, 'exec:echo hi');
    const okay = await host.next();
    expect(okay).toMatchObject({ command: 'OKAY', arg1: 11 });
    const write = await host.next();
    expect(write).toMatchObject({ command: 'WRTE', arg0: okay.arg0, arg1: 11 });
    expect(write.payload.toString()).toBe('hi\n');
    expect(await host.pending(50)).toEqual([]);
    host.send('OKAY', 11, okay.arg0);
    expect(await host.next()).toMatchObject({ command: 'CLSE', arg0: okay.arg0, arg1: 11 });
    // The host's echo CLSE and messages for unknown ids get no answer and do not break the connection.
    host.send('CLSE', 11, okay.arg0);
    host.send('OKAY', 99, 12345);
    host.send('CLSE', 99, 12345);
    host.send('WRTE', 99, 12345, Buffer.from('x'));
    expect(await host.pending(50)).toEqual([]);
    host.open(12, 'shell:echo again');
    expect((await host.readStream(12)).toString()).toBe('again\n');
  });

  it('fills data_check only for hosts older than the skip-checksum version, as adbd does', async () => {
    const device = await SimulatedDevice.start({});
    devices.push(device);
    /** The raw WRTE header's data_check for `exec:echo hi` after a CNXN with `version`. */
    const checksumFor = (version: number): Promise<number> =>
      new Promise((resolve, reject) => {
        const socket = connect({ host: '127.0.0.1', port: device.port });
        let received = Buffer.alloc(0);
        socket.on('error', reject);
        socket.on('data', (chunk: Buffer) => {
          received = Buffer.concat([received, chunk]);
          for (let offset = 0; offset + 24 <= received.length;) {
            const command = received.subarray(offset, offset + 4).toString('latin1');
            const length = received.readUInt32LE(offset + 12);
            if (command === 'CNXN') socket.write(encodeMessage('OPEN', 5, 0, nulTerminated('exec:echo hi')));
            if (command === 'WRTE') {
              resolve(received.readUInt32LE(offset + 16));
              socket.destroy();
              return;
            }
            offset += 24 + length;
          }
        });
        socket.write(encodeMessage('CNXN', version, 4096, nulTerminated('host::features=shell_v2')));
      });
    // 'h' + 'i' + '\n'
    expect(await checksumFor(0x01000000)).toBe(0x68 + 0x69 + 0x0a);
    expect(await checksumFor(PROTOCOL_VERSION)).toBe(0);
  });

  it('refuses unknown services and unknown abstract sockets with CLSE(0, remote)', async () => {
    const { host } = await online();
    for (const [id, service] of [
      [21, 'localfilesystem:/tmp/x'],
      [22, 'localabstract:nobody'],
      [23, 'localreserved:nothing'],
      [24, 'tcp:8080'],
    ] as const) {
      host.open(id, service);
      expect(await host.next()).toMatchObject({ command: 'CLSE', arg0: 0, arg1: id });
    }
  });

  it('ignores OPEN before the handshake', async () => {
    const { host } = await setup();
    host.open(5, 'shell:id');
    expect(await host.pending(50)).toEqual([]);
  });

  it('splits output into chunks of at most min(host, own) maxdata with one unacknowledged WRTE', async () => {
    const image = Buffer.alloc(10_000);
    for (let index = 0; index < image.length; index += 1) image[index] = index % 251;
    const { host } = await online({ captureScreen: async () => image }, 4096);
    host.open(31, 'exec:screencap -p');
    const okay = await host.next();
    const chunks: Buffer[] = [];
    for (;;) {
      const message = await host.next();
      if (message.command === 'CLSE') break;
      expect(message.command).toBe('WRTE');
      expect(message.payload.length).toBeLessThanOrEqual(4096);
      expect(await host.pending(20)).toEqual([]);
      chunks.push(message.payload);
      host.send('OKAY', 31, okay.arg0);
    }
    expect(chunks.map((chunk) => chunk.length)).toEqual([4096, 4096, 1808]);
    expect(Buffer.concat(chunks).equals(image)).toBe(true);
  });

  it('acknowledges every host WRTE and hands the data to an abstract socket handler', async () => {
    const { device, host } = await online();
    device.registerAbstractSocket('echo', (stream) =>
      stream.on('data', (chunk: Buffer) => stream.write(Buffer.from(chunk.toString().toUpperCase()))),
    );
    host.open(41, 'localabstract:echo');
    const okay = await host.next();
    host.send('WRTE', 41, okay.arg0, Buffer.from('ping'));
    expect(await host.next()).toMatchObject({ command: 'OKAY', arg0: okay.arg0, arg1: 41 });
    const echoed = await host.next();
    expect(echoed.payload.toString()).toBe('PING');
  });

  it('unregistering an abstract socket refuses later connections', async () => {
    const { device, host } = await online();
    const unregister = device.registerAbstractSocket('gone', (stream) => stream.end());
    unregister();
    host.open(42, 'localabstract:gone');
    expect(await host.next()).toMatchObject({ command: 'CLSE', arg0: 0, arg1: 42 });
  });

  it('a host CLSE stops a streaming command and is answered with CLSE', async () => {
    const { device, host } = await online();
    device.state.appendLog({ priority: 'I', tag: 'Test', message: 'before' });
    host.open(51, 'shell:logcat -v time -T 1');
    const okay = await host.next();
    const first = await host.next();
    expect(first.payload.toString()).toContain('I/Test    (');
    host.send('OKAY', 51, okay.arg0);
    host.send('CLSE', 51, okay.arg0);
    expect(await host.next()).toMatchObject({ command: 'CLSE', arg0: okay.arg0, arg1: 51 });
    device.state.appendLog({ priority: 'I', tag: 'Test', message: 'after' });
    expect(await host.pending(50)).toEqual([]);
  });

  it('a handler that destroys its stream closes it towards the host', async () => {
    const { device, host } = await online();
    device.registerAbstractSocket('fragile', (stream) => stream.destroy());
    host.open(45, 'localabstract:fragile');
    const okay = await host.next();
    expect(await host.next()).toMatchObject({ command: 'CLSE', arg0: okay.arg0, arg1: 45 });
  });

  it('a repeated CNXN restarts the session and closes open streams', async () => {
    const { device, host } = await online();
    host.open(46, 'shell:logcat -T 1');
    const okay = await host.next((message) => message.command === 'OKAY');
    host.hello();
    expect((await host.next((message) => message.command === 'CNXN')).command).toBe('CNXN');
    device.state.appendLog({ priority: 'I', tag: 'Late', message: 'not delivered' });
    host.send('OKAY', 46, okay.arg0);
    expect((await host.pending(50)).filter((message) => message.command === 'WRTE')).toEqual([]);
  });

  it('serves several host connections at once, each with its own stream ids', async () => {
    const { device, host } = await online();
    const second = await RawHost.connect(device.port);
    hosts.push(second);
    second.hello();
    await second.next();
    host.open(7, 'shell:getprop ro.product.model');
    second.open(7, 'shell:echo other');
    const [one, two] = await Promise.all([host.readStream(7), second.readStream(7)]);
    expect(one.toString()).toBe('Simulated Pixel\n');
    expect(two.toString()).toBe('other\n');
    expect(device.onlineConnectionCount).toBe(2);
  });

  it('unplug drops every connection; keepListening decides whether new ones are accepted', async () => {
    const { device, host } = await online();
    await device.unplug();
    await expect(host.next(() => false, 1000)).rejects.toThrow('connection closed');
    const again = await RawHost.connect(device.port);
    hosts.push(again);
    await device.unplug({ keepListening: false });
    expect(device.listening).toBe(false);
    await expect(RawHost.connect(device.port)).rejects.toThrow();
    await device.replug();
    const back = await RawHost.connect(device.port);
    hosts.push(back);
    back.hello();
    expect((await back.next()).command).toBe('CNXN');
  });
});

describe('shell protocol v2', () => {
  function parsePackets(data: Buffer): Array<[number, string]> {
    const packets: Array<[number, string]> = [];
    for (let offset = 0; offset < data.length;) {
      const length = data.readUInt32LE(offset + 1);
      packets.push([data.readUInt8(offset), data.subarray(offset + 5, offset + 5 + length).toString()]);
      offset += 5 + length;
    }
    return packets;
  }

  it('frames stdout, stderr and the exit status', async () => {
    const { host } = await online();
    host.open(61, 'shell,v2,TERM=xterm-256color,raw:echo out; missing-command');
    await host.next();
    const packets = parsePackets(await host.readStream(61));
    expect(packets).toEqual([
      [1, 'out\n'],
      [2, '/system/bin/sh: missing-command: inaccessible or not found\n'],
      [3, '\u007f'],
    ]);
  });

  it('is refused when the feature is not advertised', async () => {
    const { host } = await online({ features: [] });
    host.open(62, 'shell,v2,raw:id');
    expect(await host.next()).toMatchObject({ command: 'CLSE', arg0: 0, arg1: 62 });
  });

  it('runs stdin lines of an interactive shell until close-stdin', async () => {
    const { host } = await online();
    host.open(63, 'shell,v2,pty:');
    const okay = await host.next();
    const packet = (id: number, text: string): Buffer => {
      const data = Buffer.from(text);
      const header = Buffer.alloc(5);
      header.writeUInt8(id, 0);
      header.writeUInt32LE(data.length, 1);
      return Buffer.concat([header, data]);
    };
    host.send(
      'WRTE',
      63,
      okay.arg0,
      Buffer.concat([packet(0, 'echo one\nfal'), packet(0, 'se\n'), packet(4, '')]),
    );
    await host.next((message) => message.command === 'OKAY');
    expect(parsePackets(await host.readStream(63))).toEqual([
      [1, 'one\n'],
      [3, '\u0001'],
    ]);
  });

  it('legacy shell: with no command reads command lines until exit', async () => {
    const { host } = await online();
    host.open(64, 'shell:');
    const okay = await host.next();
    host.send('WRTE', 64, okay.arg0, Buffer.from('echo a\necho b\nexit\necho never\n'));
    await host.next((message) => message.command === 'OKAY');
    expect((await host.readStream(64)).toString()).toBe('a\nb\n');
  });
});
