// The MCP server: tools devices, snapshot, screenshot and execute over the shared execution runner.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { DEFAULT_TIMEOUT_MS } from '../../shared/execution/limits';
import { EXPECTED_FORMAT, SNAPSHOT, TAKE_SCREENSHOT } from '../../shared/execution/types';
import type { InFlightRegistry } from '../execution/inFlight';
import { runExecution } from '../execution/runExecution';
import { systemClock, type Clock, type ExecutionDependencies } from '../execution/types';
import { newExecutionId } from '../serve/ids';
import type { ServeDevices } from '../serve/routes';
import {
  checkToolArguments,
  checkToolCallParams,
  type ArgumentCheck,
  type TargetArguments,
} from './toolArguments';
import { errorResult, executionResult, valueResult, type ToolResult } from './toolResults';
import { TOOLS } from './toolSchemas';
import { inReaderWords } from '../../shared/execution/humanMessage';
import type { Approver } from '../approval/approval';
import type { AndroidTool } from '../android/tool';
import { ANDROID_TOOLS } from '../toolbox/registry';
import {
  androidToolDefinition,
  callAndroidTool,
  checkAndroidArguments,
  elicitingApprover,
} from './androidTools';

const pathName = (_field: string, path: string) => ({ label: path });

export interface McpServices {
  devices: ServeDevices;
  /** One registry per process: two tool calls on one device get EXECUTION_CONFLICT_IN_FLIGHT. */
  inFlight: InFlightRegistry;
  defaultOperatorPackage(): string;
  version: string;
  /** Where screenshots go (MCP never lets the caller choose); default os.tmpdir(). */
  screenshotDirectory?: string;
  clock?: Clock;
  random?: () => number;
  runExecution?: typeof runExecution;
  /**
   * How the Android tools' approval requests are answered. Absent: the client is asked by elicitation when it
   * declares that capability, else every request is refused with APPROVAL_UNAVAILABLE (NO_APPROVER's answer).
   * `mcp serve --approve-all` passes APPROVE_ALL.
   */
  approve?: Approver;
  /** The Android tools served next to devices/snapshot/screenshot/execute; default the registry's ANDROID_TOOLS. */
  androidTools?: readonly AndroidTool[];
  /** Diagnostics; must not write to stdout (that is the protocol stream). */
  log?: (message: string) => void;
}

/** JSON-RPC error codes (the SDK's ErrorCode values, without loading the SDK for them). */
const INVALID_PARAMS = -32602;
const METHOD_NOT_FOUND = -32601;

/**
 * A JSON-RPC error with exactly `message` on the wire. Why not McpError: it prefixes "MCP error <code>: " to the
 * message, and the reference's messages are `<first issue> (path: <dotted path>)`.
 */
class JsonRpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function checked<T>(check: ArgumentCheck<T>): T {
  if (!check.ok) throw new JsonRpcFailure(INVALID_PARAMS, check.error);
  return check.value;
}

/**
 * Builds the server (not yet connected). Why the low-level Server rather than McpServer: the tools need exact JSON
 * schemas (additionalProperties false) and reference error codes (-32602 for shapes, -32601 for unknown tools),
 * which McpServer's zod-based validation reports differently. Why a dynamic import: the SDK takes about 300 ms to
 * load, which every other CLI command would otherwise pay.
 */
export async function createMcpServer(services: McpServices): Promise<Server> {
  const [{ Server: SdkServer }, { ListToolsRequestSchema }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  const run = services.runExecution ?? runExecution;
  const clock = services.clock ?? systemClock;
  const log = services.log ?? (() => undefined);
  const androidTools = services.androidTools ?? ANDROID_TOOLS;
  const dependencies: ExecutionDependencies = {
    resolver: services.devices,
    inFlight: services.inFlight,
    clock,
    ...(services.screenshotDirectory === undefined
      ? {}
      : { screenshotDirectory: services.screenshotDirectory }),
  };

  const execute = async (prefix: string, actions: unknown[], args: TargetArguments): Promise<ToolResult> => {
    const id = newExecutionId(prefix, clock.now(), services.random);
    const execution = {
      commandId: id,
      taskId: id,
      source: 'mcp',
      expectedFormat: EXPECTED_FORMAT,
      timeoutMs: args.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      actions,
    };
    const target = {
      operatorPackage: args.operatorPackage ?? services.defaultOperatorPackage(),
      ...(args.deviceId === undefined ? {} : { deviceId: args.deviceId }),
    };
    const result = await run(execution, target, dependencies);
    // The message names the field by its path and writes ranges as everywhere else; code and details unchanged.
    const worded = result.ok
      ? result
      : { ok: false as const, error: inReaderWords(result.error, execution, pathName) };
    return executionResult(worded, log);
  };

  const call = async (name: string, args: unknown): Promise<ToolResult> => {
    switch (name) {
      case 'devices': {
        checked(checkToolArguments('devices', args));
        const listed = await services.devices.list();
        return listed.ok ? valueResult({ devices: listed.value }) : errorResult(listed.error);
      }
      case 'snapshot': {
        const target = checked(checkToolArguments('snapshot', args));
        return execute('mcp-snapshot', [{ id: 'snap', type: SNAPSHOT }], target);
      }
      case 'screenshot': {
        const { scale, ...target } = checked(checkToolArguments('screenshot', args));
        const action = {
          id: 'shot',
          type: TAKE_SCREENSHOT,
          ...(scale === undefined ? {} : { params: { scale } }),
        };
        return execute('mcp-screenshot', [action], target);
      }
      case 'execute': {
        const { actions, ...target } = checked(checkToolArguments('execute', args));
        return execute('mcp-execute', actions, target);
      }
      default: {
        const tool = androidTools.find((candidate) => candidate.name === name);
        if (tool !== undefined)
          return callAndroidTool(tool, checked(checkAndroidArguments(tool, args)), services.devices, approve);
        throw new JsonRpcFailure(METHOD_NOT_FOUND, `Unknown tool: ${name}`);
      }
    }
  };

  const server = new SdkServer(
    { name: 'androperator', version: services.version },
    { capabilities: { tools: {} } },
  );
  const approve = services.approve ?? elicitingApprover(server);
  const listed = [...TOOLS, ...androidTools.map(androidToolDefinition)];
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  // Why tools/call goes through the fallback handler: a handler registered for it first parses the whole request
  // with the SDK's schema, so `arguments: [1, 2]` would fail as -32603 (or -32602) with a raw zod dump instead of
  // the one-line -32602 message every other argument error gets.
  server.fallbackRequestHandler = async (request) => {
    if (request.method !== 'tools/call') throw new JsonRpcFailure(METHOD_NOT_FOUND, 'Method not found');
    const params = checked(checkToolCallParams(request.params));
    return call(params.name, params.arguments);
  };
  return server;
}
