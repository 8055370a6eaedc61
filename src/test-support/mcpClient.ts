// An MCP SDK client connected in memory to our MCP server over one isolated adb server, as `androperator mcp serve`
// serves it; with `answers` the client declares elicitation and answers each approval request in turn.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  ElicitRequestSchema,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { ok } from '../shared/errors';
import type { Approver } from '../main/approval/approval';
import type { AndroidTool } from '../main/android/tool';
import { InFlightRegistry } from '../main/execution/inFlight';
import { createMcpServer } from '../main/mcp/mcpServer';
import type { IsolatedAdb } from './isolatedAdb';
import { isolatedResolver } from './isolatedResolver';

export interface McpClientOptions {
  name: string;
  approve?: Approver;
  /** Elicitation answers, used in order (then `decline`); every request is pushed to `asked`. */
  answers?: ElicitResult[];
  asked?: ElicitRequest['params'][];
  /** The tools served (default: the registry's). */
  androidTools?: readonly AndroidTool[];
}

export async function connectMcpClient(adb: IsolatedAdb, options: McpClientOptions): Promise<Client> {
  const server = await createMcpServer({
    devices: { ...isolatedResolver(adb), list: () => Promise.resolve(ok([])) },
    inFlight: new InFlightRegistry(),
    defaultOperatorPackage: () => 'com.androperator.operator',
    version: 'test',
    ...(options.androidTools === undefined ? {} : { androidTools: options.androidTools }),
    ...(options.approve === undefined ? {} : { approve: options.approve }),
  });
  const { answers } = options;
  const client = new Client(
    { name: options.name, version: '1.0.0' },
    answers === undefined ? {} : { capabilities: { elicitation: {} } },
  );
  if (answers !== undefined)
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      options.asked?.push(request.params);
      return answers.shift() ?? { action: 'decline' };
    });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return client;
}
