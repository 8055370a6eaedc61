// `androperator mcp serve`: the MCP server on stdin/stdout until the client closes stdin.
import { mkdir } from 'node:fs/promises';
import { homedir as osHomedir } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { version } from '../../../package.json';
import { ok, type Result } from '../../shared/errors';
import { openDataFolder } from '../../node/env/legacyMigration';
import { APPROVE_ALL } from '../approval/approval';
import { AdbHub } from '../devices/hub';
import { InFlightRegistry } from '../execution/inFlight';
import { LineTransport } from './lineTransport';
import { createMcpServer } from './mcpServer';

export interface RunMcpOptions {
  /** ANDROPERATOR_HOME, ANDROID_ADB_SERVER_PORT and ANDROPERATOR_ADB are read here. */
  env: Readonly<Record<string, string | undefined>>;
  homedir?: string;
  operatorPackage: string;
  /** `--approve-all`: every Android tool's approval request is approved without asking. */
  approveAll?: boolean;
  /** stderr only: stdout carries the protocol and nothing else. */
  log: (message: string) => void;
  stdin?: Readable;
  stdout?: Writable;
}

/** Serves until stdin ends (or the transport closes); resolves after the hub is closed. */
export async function runMcpOnStdio(options: RunMcpOptions): Promise<Result<void>> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const created = AdbHub.create({ env: options.env, operatorPackage: options.operatorPackage });
  if (!created.ok) return created;
  const hub = created.value;
  const { screenshots } = await openDataFolder(
    { env: options.env, platform: process.platform, homedir: options.homedir ?? osHomedir() },
    options.log,
  );
  const screenshotDirectory = await mkdir(screenshots, { recursive: true, mode: 0o700 }).then(
    () => screenshots,
    (error: unknown) => {
      options.log(
        `cannot create ${screenshots} (${String(error)}); screenshots go to the temporary directory`,
      );
      return undefined;
    },
  );
  const server = await createMcpServer({
    devices: hub,
    inFlight: new InFlightRegistry(),
    defaultOperatorPackage: () => options.operatorPackage,
    version,
    log: options.log,
    ...(options.approveAll === true ? { approve: APPROVE_ALL } : {}),
    ...(screenshotDirectory === undefined ? {} : { screenshotDirectory }),
  });
  const closed = new Promise<void>((resolve) => {
    // The SDK's stdio transport does not watch for end of input; a client closing stdin means "stop".
    stdin.once('end', resolve);
    stdin.once('close', resolve);
    server.onclose = resolve;
  });
  server.onerror = (error) => options.log(`protocol error: ${error.message}`);
  // Dynamic like the server itself: the SDK's schemas load only for `mcp serve`.
  const { JSONRPCMessageSchema } = await import('@modelcontextprotocol/sdk/types.js');
  await server.connect(new LineTransport(JSONRPCMessageSchema, stdin, stdout));
  await closed;
  await server.close();
  await hub.close();
  return ok(undefined);
}
