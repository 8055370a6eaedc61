// The Android tools of src/main/toolbox/registry.ts over MCP: each listed with the JSON Schema of its callSchema and
// called through runTool, with approval asked of the client by elicitation (or pre-approved by --approve-all).
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { z } from 'zod';
import { fail, ok, type Result } from '../../shared/errors';
import type { ApprovalRequest, Approver } from '../approval/approval';
import { callSchema, runTool } from '../android/runTool';
import type { AndroidTool } from '../android/tool';
import type { DeviceResolver } from '../devices/types';
import { checkWithSchema, type ArgumentCheck } from './toolArguments';
import { androidValueResult, errorResult, type ToolResult } from './toolResults';

/** One tools/list entry of an Android tool. */
export interface AndroidToolDefinition {
  name: string;
  description: string;
  inputSchema: { type: 'object' } & Record<string, unknown>;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean };
}

/** The tool's input JSON Schema (zod's input side, additionalProperties false), without the `$schema` line. */
export function androidInputSchema(tool: AndroidTool): AndroidToolDefinition['inputSchema'] {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(callSchema(tool), { io: 'input' });
  return { ...schema, type: 'object' };
}

export function androidToolDefinition(tool: AndroidTool): AndroidToolDefinition {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: androidInputSchema(tool),
    annotations: { readOnlyHint: tool.risk === 'read_only', destructiveHint: tool.risk === 'dangerous' },
  };
}

/** The arguments as callSchema parses them, or the one-line -32602 message the other tools give. */
export function checkAndroidArguments(tool: AndroidTool, args: unknown): ArgumentCheck<unknown> {
  return checkWithSchema(callSchema(tool), args);
}

/** Runs an already checked call; device-side failures are tool errors (isError) carrying the structured error. */
export async function callAndroidTool(
  tool: AndroidTool,
  args: unknown,
  resolver: DeviceResolver,
  approve: Approver,
): Promise<ToolResult> {
  const result = await runTool(tool, { arguments: args, resolver, approve });
  if (!result.ok) return errorResult(result.error);
  const value = result.value;
  return androidValueResult(
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value },
  );
}

function unavailable(request: ApprovalRequest, why: string): Result<never> {
  return fail(
    'APPROVAL_UNAVAILABLE',
    `${request.tool} changes the device and needs approval, but ${why}: use an MCP client that supports elicitation, or start the server with androperator mcp serve --approve-all`,
    { tool: request.tool, device: request.device, preview: request.preview },
  );
}

function refused(request: ApprovalRequest, answer: string): Result<never> {
  return fail('APPROVAL_REFUSED', `${request.tool} was not approved (${answer}); nothing was sent`, {
    tool: request.tool,
    device: request.device,
    preview: request.preview,
  });
}

/**
 * Asks the MCP client's user by elicitation: a boolean confirm showing the preview; a strong request then asks for
 * the device serial typed out. Clients without the elicitation capability get APPROVAL_UNAVAILABLE.
 */
export function elicitingApprover(server: Server): Approver {
  return async (request) => {
    if (server.getClientCapabilities()?.elicitation === undefined)
      return unavailable(
        request,
        'this MCP client declares no elicitation capability, so no one can be asked',
      );
    try {
      const first = await server.elicitInput({
        message: `${request.tool} wants to change ${request.device}:\n${request.preview}\nApprove?`,
        requestedSchema: {
          type: 'object',
          properties: {
            confirm: { type: 'boolean', title: 'Approve', description: request.preview },
          },
          required: ['confirm'],
        },
      });
      if (first.action !== 'accept' || first.content?.confirm !== true)
        return refused(
          request,
          first.action === 'accept' ? 'confirm was not true' : `the user chose ${first.action}`,
        );
      if (request.strength === 'normal') return ok(undefined);
      const second = await server.elicitInput({
        message: `${request.tool} is a dangerous action on ${request.device}:\n${request.preview}\nType the device serial ${request.device} to confirm.`,
        requestedSchema: {
          type: 'object',
          properties: { serial: { type: 'string', title: 'Device serial', description: request.device } },
          required: ['serial'],
        },
      });
      if (second.action !== 'accept' || second.content?.serial !== request.device)
        return refused(
          request,
          second.action === 'accept' ? 'the typed serial did not match' : `the user chose ${second.action}`,
        );
      return ok(undefined);
    } catch (error) {
      return unavailable(
        request,
        `the elicitation failed (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  };
}
