// The flags of an Android tool's CLI verb, generated from its argument schema: `since_secs` is `--since-secs`, values
// converted by the JSON Schema type (integer, number, boolean switches, arrays by repeating the flag).
import { z } from 'zod';
import type { AndroidTool } from '../main/android/tool';
import { didYouMean } from './didYouMean';
import { scanFlags } from './flagTokens';
import { usageError } from './usage';

type ValueKind = 'string' | 'integer' | 'number' | 'boolean' | 'object';

/** One generated flag. */
export interface ToolFlag {
  /** `--since-secs` */
  flag: string;
  /** `since_secs` */
  property: string;
  kind: ValueKind;
  /** Repeat the flag for each element. */
  array: boolean;
  required: boolean;
  description: string;
  /** The allowed values of an enum. */
  choices?: readonly string[];
}

/** Pre-approves every approval request of the call (CLI only; never sent as an argument). */
export const YES_FLAG = '--yes';

interface JsonSchemaNode {
  type?: string | string[];
  enum?: unknown[];
  items?: JsonSchemaNode;
  anyOf?: JsonSchemaNode[];
  description?: string;
}

function kindOf(node: JsonSchemaNode): ValueKind {
  const type = Array.isArray(node.type) ? node.type.find((entry) => entry !== 'null') : node.type;
  if (type === 'integer' || type === 'number' || type === 'boolean' || type === 'string') return type;
  if (type === undefined && node.enum !== undefined) {
    const first = node.enum[0];
    return typeof first === 'number' ? 'number' : typeof first === 'boolean' ? 'boolean' : 'string';
  }
  if (type === undefined && node.anyOf !== undefined) {
    const concrete = node.anyOf.find((entry) => entry.type !== 'null');
    return concrete === undefined ? 'string' : kindOf(concrete);
  }
  return 'object';
}

function enumOf(node: JsonSchemaNode): readonly string[] | undefined {
  return node.enum?.every((entry) => typeof entry === 'string') === true
    ? (node.enum as string[])
    : undefined;
}

/** The tool's flags in schema order (`device` is the common --device option, so it is never one of them). */
/**
 * A tool argument with this name (the reference's `timeout_ms`, e.g. android.wait_text) takes the common
 * `--timeout` / `--timeout-ms` option, which every command parses first: it gets no flag of its own.
 */
export const COMMON_TIMEOUT_PROPERTY = 'timeout_ms';

export function toolFlags(tool: AndroidTool): ToolFlag[] {
  const schema = z.toJSONSchema(tool.arguments, { io: 'input' }) as {
    properties?: Record<string, JsonSchemaNode>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([property, node]) => {
    const array = kindOf(node) === 'object' && node.type === 'array' && node.items !== undefined;
    const element = array && node.items !== undefined ? node.items : node;
    const choices = enumOf(element);
    return {
      flag: `--${property.replaceAll('_', '-')}`,
      property,
      kind: kindOf(element),
      array,
      required: schema.required?.includes(property) === true,
      description: node.description ?? element.description ?? '',
      ...(choices === undefined ? {} : { choices }),
    };
  });
}

function converted(flag: ToolFlag, value: string): unknown {
  if (flag.kind === 'integer') {
    if (!/^-?\d+$/.test(value.trim()))
      usageError(`${flag.flag} requires an integer, got ${JSON.stringify(value)}`);
    return Number(value);
  }
  if (flag.kind === 'number') {
    const number = value.trim() === '' ? Number.NaN : Number(value);
    if (!Number.isFinite(number)) usageError(`${flag.flag} requires a number, got ${JSON.stringify(value)}`);
    return number;
  }
  if (flag.kind === 'boolean') {
    if (value !== 'true' && value !== 'false')
      usageError(`${flag.flag} requires true or false, got ${JSON.stringify(value)}`);
    return value === 'true';
  }
  if (flag.kind === 'object') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return usageError(`${flag.flag} requires JSON, got ${JSON.stringify(value)}`);
    }
  }
  return value;
}

/** The tool's arguments from the verb's tokens, and whether --yes was given. Unknown flags are USAGE errors. */
export function parseToolFlags(
  tool: AndroidTool,
  tokens: readonly string[],
): { args: Record<string, unknown>; yes: boolean } {
  const flags = toolFlags(tool);
  const context = `${tool.cli.command} ${tool.cli.verb}`;
  const switches = flags.filter((flag) => flag.kind === 'boolean' && !flag.array);
  const negated = new Map(switches.map((flag) => [`--no-${flag.flag.slice(2)}`, flag]));
  const names = {
    values: flags.filter((flag) => !switches.includes(flag)).map((flag) => flag.flag),
    switches: [...switches.map((flag) => flag.flag), ...negated.keys(), YES_FLAG],
  };
  const known = [...names.values, ...names.switches];
  const args: Record<string, unknown> = {};
  const seen = new Set<string>();
  let yes = false;
  const once = (flag: ToolFlag, written: string) => {
    if (seen.has(flag.property) && !flag.array) usageError(`${written} must be supplied only once`);
    seen.add(flag.property);
  };
  for (const token of scanFlags(tokens, names)) {
    if (token.kind === 'separator' || token.kind === 'other') {
      const text = token.kind === 'other' ? token.text : '--';
      const suggestion = text.startsWith('-') ? didYouMean(text, known) : '';
      const message = `Unexpected argument for ${context}: ${text}`;
      usageError(suggestion === '' ? message : `${message}.${suggestion}`, { argument: text });
    }
    if (token.kind === 'switch') {
      if (token.flag === YES_FLAG) yes = true;
      else {
        const flag = switches.find((entry) => entry.flag === token.flag) ?? negated.get(token.flag);
        if (flag === undefined) continue;
        once(flag, token.flag);
        args[flag.property] = token.flag === flag.flag;
      }
    } else {
      const flag = flags.find((entry) => entry.flag === token.flag);
      if (flag === undefined) continue;
      if (token.value === undefined || (!token.escaped && token.value.startsWith('--')))
        usageError(`${token.flag} requires a value`);
      once(flag, token.flag);
      const value = converted(flag, token.value);
      args[flag.property] = flag.array
        ? [...((args[flag.property] as unknown[] | undefined) ?? []), value]
        : value;
    }
  }
  return { args, yes };
}

function placeholder(flag: ToolFlag): string {
  if (flag.kind === 'boolean') return '';
  if (flag.choices !== undefined) return ` ${flag.choices.join('|')}`;
  return ` <${flag.kind === 'object' ? 'json' : flag.kind}>`;
}

function row(left: string, right: string): string {
  const flag = `  ${left}`;
  return flag.length < 36 ? `${flag.padEnd(36)} ${right}` : `${flag}\n${' '.repeat(37)}${right}`;
}

/** `androperator android settings --help`. */
export function verbHelp(tool: AndroidTool): string {
  const rows = toolFlags(tool).map((flag) => {
    const notes = [
      flag.required ? 'required' : '',
      flag.array ? 'repeatable' : '',
      flag.property === COMMON_TIMEOUT_PROPERTY ? 'the common --timeout-ms option' : '',
    ].filter(Boolean);
    return row(
      `${flag.flag}${placeholder(flag)}`,
      `${flag.description}${notes.length === 0 ? '' : ` (${notes.join(', ')})`}`,
    );
  });
  if (tool.risk !== 'read_only') rows.push(row(YES_FLAG, 'Approve without asking'));
  if (tool.device !== 'none')
    rows.push(row('--device <serial>', 'Target device; optional when exactly one is connected'));
  const approval =
    tool.risk === 'read_only'
      ? 'Read-only: runs at once.'
      : 'Changes the device: asks y/N on a terminal first; --yes approves in advance (without a terminal and\nwithout --yes, nothing is sent).';
  return `Usage: androperator ${tool.cli.command} ${tool.cli.verb} [flags] [common options]

${tool.description}
${approval}

${rows.join('\n')}

Output is the tool's JSON result; exit code 1 on any error object.
`;
}

/** `androperator android --help`: the verbs of one command. */
export function commandHelp(command: string, tools: readonly AndroidTool[]): string {
  const mine = tools.filter((tool) => tool.cli.command === command);
  const rows = mine.map((tool) =>
    tool.cli.verb.length < 20
      ? `  ${tool.cli.verb.padEnd(20)} ${tool.description}`
      : `  ${tool.cli.verb}\n${' '.repeat(23)}${tool.description}`,
  );
  return `Usage: androperator ${command} <verb> [flags] [common options]

Verbs:
${rows.length === 0 ? '  (none yet)' : rows.join('\n')}

Run androperator ${command} <verb> --help for a verb's flags. Flags are the tool's argument names in kebab-case
(--since-secs 120 for since_secs); --device picks the device. Output is JSON; exit code 1 on any error object.
`;
}
