// Tool argument checks with the shared zod schemas: a malformed shape is a JSON-RPC InvalidParams error (-32602),
// never a tool result.
import { z } from 'zod';
import type { Result } from '../../shared/errors';
import { TOOL_ARGUMENTS, type ToolArguments, type ToolName } from '../../shared/api/toolSchemas';

/** The checked arguments, or the InvalidParams message `<first issue> (path: <dotted path>)`. */
export type ArgumentCheck<T> = Result<T, string>;

/** The device and limits of a snapshot, screenshot or execute call. */
export type TargetArguments = ToolArguments<'snapshot'>;

export const CALLER_PATH_MESSAGE =
  'execute does not allow caller-controlled take_screenshot paths over MCP (path: actions)';

function dotted(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(root)' : path.map(String).join('.');
}

function isPrefix(prefix: readonly PropertyKey[], path: readonly PropertyKey[]): boolean {
  return prefix.length <= path.length && prefix.every((part, index) => part === path[index]);
}

/**
 * The issue the reference reports: the first one, except that an object's unknown key comes before anything wrong
 * inside that object (the shallowest such object wins).
 */
function reported(issues: readonly z.core.$ZodIssue[]): string {
  const first = issues[0];
  if (first === undefined) return 'arguments are invalid (path: (root))';
  const unknown = issues
    .filter((issue) => issue.code === 'unrecognized_keys' && isPrefix(issue.path, first.path))
    .sort((a, b) => a.path.length - b.path.length)[0];
  if (unknown?.code === 'unrecognized_keys') {
    const [key = ''] = unknown.keys;
    return `Unrecognized key '${key}' (path: ${dotted([...unknown.path, key])})`;
  }
  return `${first.message} (path: ${dotted(first.path)})`;
}

/** Checks one tool's arguments; absent arguments count as `{}`. */
export function checkToolArguments<T extends ToolName>(
  tool: T,
  args: unknown,
): ArgumentCheck<ToolArguments<T>> {
  const parsed = TOOL_ARGUMENTS[tool].safeParse(args === undefined ? {} : args);
  return parsed.success
    ? { ok: true, value: parsed.data as ToolArguments<T> }
    : { ok: false, error: reported(parsed.error.issues) };
}

/** Checks arguments with any zod schema (the Android tools' callSchema); absent arguments count as `{}`. */
export function checkWithSchema(schema: z.ZodType, args: unknown): ArgumentCheck<unknown> {
  const parsed = schema.safeParse(args === undefined ? {} : args);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, error: reported(parsed.error.issues) };
}

/** The params of tools/call: a tool name and its arguments (checked per tool afterwards). */
const toolCallParams = z.looseObject({
  name: z.string({ error: 'name must be a string' }),
  arguments: z.unknown().optional(),
});

/** Checks the params of a tools/call request; `arguments` is the tool's to check. */
export function checkToolCallParams(params: unknown): ArgumentCheck<{ name: string; arguments: unknown }> {
  const parsed = toolCallParams.safeParse(params ?? {});
  return parsed.success
    ? { ok: true, value: { name: parsed.data.name, arguments: parsed.data.arguments } }
    : { ok: false, error: reported(parsed.error.issues) };
}
