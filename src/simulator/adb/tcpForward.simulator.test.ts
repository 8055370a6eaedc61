import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  startIsolatedAdb,
  waitForDeviceState,
  type IsolatedAdb,
} from '../../test-support/isolatedAdb';
import { SimulatedDevice } from './simulatedDevice';

// `tcp:` streams to servers listening on the device, reached the way host tools reach them: `adb forward`.

let adb: IsolatedAdb;
let device: SimulatedDevice;
let serial: string;

beforeAll(async () => {
  adb = await startIsolatedAdb();
  device = await SimulatedDevice.start();
  const attached = await device.attach({ adbPort: adb.port });
  if (!attached.ok) throw new Error(attached.error.message);
  serial = attached.value.serial;
  await waitForDeviceState(adb.client, serial, 'device', 3000);
});

afterAll(async () => {
  await device?.close();
  await adb?.stop();
});

/**
 * Connects to a host port and sends `text`; resolves with the first answer (then closes: adb has no half-close), or
 * with '' when the far side closes without answering.
 */
function exchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    socket.once('data', (chunk: Buffer) => {
      resolve(chunk.toString());
      socket.destroy();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(''));
  });
}

describe('tcp: to on-device servers through adb forward', () => {
  it('reaches a server listening on the device port; nothing listening closes the stream', async () => {
    const unregister = device.registerTcpServer(7912, (stream) => {
      stream.on('data', (chunk: Buffer) => {
        if (!stream.writableEnded) stream.write(`echo:${chunk.toString()}`);
      });
      stream.on('end', () => stream.end());
    });
    const hostPort = await freePort();
    const forwarded = await adb.adb(['-s', serial, 'forward', `tcp:${hostPort}`, 'tcp:7912']);
    expect(forwarded.code).toBe(0);
    expect(await exchange(hostPort, 'hello device')).toBe('echo:hello device');

    unregister();
    // The forward stays, but the device refuses the stream: the host connection closes with nothing received.
    expect(await exchange(hostPort, 'anyone?')).toBe('');
    await adb.adb(['-s', serial, 'forward', '--remove', `tcp:${hostPort}`]);
  });
});
