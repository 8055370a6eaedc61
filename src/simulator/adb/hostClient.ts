import { connect } from 'node:net';
import { fail, ok, type Result } from '../../shared/errors';

/** What an adb server answered to a one-shot host service. */
export interface HostReply {
  /** 'CLOSED': the server closed the socket without a status (as it does after `host:emulator:<port>`). */
  status: 'OKAY' | 'FAIL' | 'CLOSED';
  /** The length-prefixed message after the status, or the raw remainder when it is not length-prefixed. */
  message: string;
}

/**
 * Sends one host service (`host:connect:...`, `host:devices`, `host:emulator:<port>`, ...) over the adb server's
 * smart socket and reads the reply until the server closes the socket. Resolves to an error value when the server
 * cannot be reached or does not answer in time.
 */
export function hostRequest(adbPort: number, service: string, timeoutMs = 5000): Promise<Result<HostReply>> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: adbPort });
    const chunks: Buffer[] = [];
    let settled = false;
    const settle = (result: Result<HostReply>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(
      () =>
        settle(
          fail(
            'COMMAND_TIMEOUT',
            `adb server on port ${adbPort} did not answer ${service} within ${timeoutMs} ms`,
            { adbPort, service },
          ),
        ),
      timeoutMs,
    );
    socket.on('connect', () => {
      const request = Buffer.from(service, 'utf8');
      socket.write(
        Buffer.concat([Buffer.from(request.length.toString(16).padStart(4, '0'), 'ascii'), request]),
      );
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) =>
      settle(
        fail('ADB_SERVER_UNAVAILABLE', `cannot reach the adb server on port ${adbPort}: ${error.message}`, {
          adbPort,
        }),
      ),
    );
    socket.on('close', () => {
      const data = Buffer.concat(chunks);
      const reply = data.length === 0 ? { status: 'CLOSED' as const, message: '' } : parseReply(data);
      settle(
        reply
          ? ok(reply)
          : fail(
              'ADB_SERVER_UNAVAILABLE',
              `adb server on port ${adbPort} sent an unreadable answer to ${service}`,
              { adbPort, service },
            ),
      );
    });
  });
}

/** `OKAY`/`FAIL`, then optionally `%04x` + message. */
export function parseReply(data: Buffer): HostReply | undefined {
  const status = data.subarray(0, 4).toString('ascii');
  if (status !== 'OKAY' && status !== 'FAIL') return undefined;
  const rest = data.subarray(4);
  const lengthText = rest.subarray(0, 4).toString('ascii');
  if (/^[0-9a-fA-F]{4}$/.test(lengthText) && rest.length === 4 + Number.parseInt(lengthText, 16)) {
    return { status, message: rest.subarray(4).toString('utf8') };
  }
  return { status, message: rest.toString('utf8') };
}

/** One row of `host:devices-l`/`host:devices`: serial, state and the `key:value` details. */
export interface HostDeviceRow {
  serial: string;
  state: string;
  details: Record<string, string>;
}

/** Parses the device list text of `host:devices` or `host:devices-l`. */
export function parseDeviceList(text: string): HostDeviceRow[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const [serial = '', state = '', ...rest] = line.split(/\s+/);
      const details: Record<string, string> = {};
      for (const item of rest) {
        const colon = item.indexOf(':');
        if (colon > 0) details[item.slice(0, colon)] = item.slice(colon + 1);
      }
      return { serial, state, details };
    });
}
