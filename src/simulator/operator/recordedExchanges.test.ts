// Replays conformance/agent-protocol/*.json against the simulated Operator's agent server: the Kotlin Operator's
// RecordedExchangesTest replays the same files, so both sides of docs/operator-protocol.md answer alike.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Duplex, PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameDecoder } from '../../shared/agent/frames';
import type { AgentEvent, OperatorDescription } from '../../shared/agent/messages';
import { formatBounds, parseBounds } from '../../shared/geometry/bounds';
import { decodeVectorString } from '../../shared/geometry/conformanceVectors';
import { createFixedAdvanceMeasurer } from '../../shared/geometry/fixedMeasurer';
import { parseTemplateMetadata } from '../../shared/template/metadata';
import { runNodeAction } from '../../shared/agent/nodeActions';
import { boundTree, type RawTreeWindow } from '../../shared/ui/operatorTree';
import { serveAgentStream, type AgentBackend } from './agentServer';
import { FakeClock } from './clock';
import { executeOnOperator } from './executeActions';
import { LeaseKeeper } from './leaseKeeper';
import { PanelController, type PanelWindowHost } from './panelController';

type Json = unknown;
type JsonObject = Record<string, unknown>;

const DIRECTORY = new URL('../../../conformance/agent-protocol/', import.meta.url);
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MATCHERS = new Set([
  '<any>',
  '<any-string>',
  '<any-number>',
  '<any-integer>',
  '<any-boolean>',
  '<any-object>',
  '<any-array>',
]);

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function object(value: unknown, what: string): JsonObject {
  if (!isObject(value)) throw new Error(`${what} is not an object`);
  return value;
}

/** Expands the string generator notation anywhere inside a frame. */
function expand(value: Json): Json {
  if (Array.isArray(value)) return value.map(expand);
  if (!isObject(value)) return value;
  const keys = Object.keys(value).sort().join(',');
  if (keys === 'repeat,times' || keys === 'concat') {
    const decoded = decodeVectorString(value);
    if (decoded !== null) return decoded;
  }
  const out: JsonObject = {};
  for (const [key, member] of Object.entries(value)) out[key] = expand(member);
  return out;
}

/** The matcher notation of conformance/agent-protocol/README.md: the first difference, or null. */
function mismatch(pattern: Json, actual: Json, path = '$'): string | null {
  const shown = (value: Json): string =>
    value === undefined ? 'nothing' : JSON.stringify(value).slice(0, 200);
  if (typeof pattern === 'string' && pattern.startsWith('<')) {
    if (pattern.startsWith('<<')) {
      return actual === pattern.slice(1)
        ? null
        : `${path}: expected ${pattern.slice(1)}, got ${shown(actual)}`;
    }
    if (!MATCHERS.has(pattern)) throw new Error(`unknown matcher ${pattern}`);
    const matches: Record<string, boolean> = {
      '<any>': actual !== undefined,
      '<any-string>': typeof actual === 'string',
      '<any-number>': typeof actual === 'number',
      '<any-integer>': Number.isInteger(actual),
      '<any-boolean>': typeof actual === 'boolean',
      '<any-object>': isObject(actual),
      '<any-array>': Array.isArray(actual),
    };
    return matches[pattern] ? null : `${path}: expected ${pattern}, got ${shown(actual)}`;
  }
  if (Array.isArray(pattern)) {
    if (!Array.isArray(actual) || actual.length !== pattern.length)
      return `${path}: expected an array of ${pattern.length}, got ${shown(actual)}`;
    for (const [index, item] of pattern.entries()) {
      const found = mismatch(item, actual[index], `${path}[${index}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (isObject(pattern)) {
    if (!isObject(actual)) return `${path}: expected an object, got ${shown(actual)}`;
    const keys = new Set<string>();
    for (const [rawKey, member] of Object.entries(pattern)) {
      const optional = rawKey.endsWith('?');
      const key = optional ? rawKey.slice(0, -1) : rawKey;
      keys.add(key);
      if (!(key in actual)) {
        if (optional) continue;
        return `${path}.${key}: missing`;
      }
      const found = mismatch(member, actual[key], `${path}.${key}`);
      if (found !== null) return found;
    }
    const extra = Object.keys(actual).find((key) => !keys.has(key));
    return extra === undefined ? null : `${path}.${extra}: unexpected key`;
  }
  return pattern === actual ? null : `${path}: expected ${shown(pattern)}, got ${shown(actual)}`;
}

/** A fresh simulated Operator set up from a file's `operator` section, serving one in-memory stream. */
function startOperator(setup: JsonObject): {
  client: PassThrough;
  server: PassThrough;
  closed: () => boolean;
  clock: FakeClock;
} {
  if (setup.drawAcknowledgement !== 'immediate')
    throw new Error('only immediate draw acknowledgement is recorded');
  const metrics = object(setup.metrics, 'metrics');
  const usable = parseBounds(String(metrics.usable));
  if (usable === null) throw new Error('metrics.usable is not "[l,t][r,b]"');
  const measurer = object(setup.measurer, 'measurer');
  const metadata = parseTemplateMetadata(setup.metadata);
  if (metadata === null) throw new Error('operator.metadata is malformed');
  const snapshot = object(setup.snapshot, 'snapshot');
  // This exchange's own copy of the windows: a set_text changes a node's text for the requests after it.
  const windows = Array.isArray(setup.uiWindows)
    ? (structuredClone(setup.uiWindows) as RawTreeWindow[])
    : null;
  const hash = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('base64url');
  const clock = new FakeClock();
  const host: PanelWindowHost = { draw: () => Promise.resolve(), remove: () => undefined };
  const controller = new PanelController(
    {
      apiLevel: () => Number(setup.apiLevel),
      serviceConnected: () => setup.serviceConnected === true,
      displayMetrics: () => ({
        ok: true,
        value: {
          widthPx: usable.right,
          heightPx: usable.bottom,
          density: Number(metrics.density),
          scaledDensity: Number(metrics.scaledDensity),
          usable,
        },
      }),
      metadata: () => metadata,
      measurer: createFixedAdvanceMeasurer({
        advance: Number(measurer.advance),
        ascent: Number(measurer.ascent),
        descent: Number(measurer.descent),
      }),
    },
    host,
    clock,
  );
  const backend: AgentBackend = {
    describe: () => {
      const panel = controller.currentPanel;
      const visible = controller.visible && panel !== null;
      return Promise.resolve({
        ...(object(setup.description, 'description') as unknown as Omit<OperatorDescription, 'panel'>),
        panel:
          visible && panel
            ? { visible, generation: panel.generation, bounds: formatBounds(panel.layout.bounds) }
            : { visible: false, generation: controller.currentGeneration },
      });
    },
    execute: (execution) =>
      executeOnOperator(
        execution,
        controller,
        {
          snapshot: () => ({
            xml: String(snapshot.xml),
            foregroundPackage:
              typeof snapshot.foregroundPackage === 'string' ? snapshot.foregroundPackage : null,
            windowCount: Number(snapshot.windowCount),
            overlayPackage: typeof snapshot.overlayPackage === 'string' ? snapshot.overlayPackage : null,
          }),
        },
        clock,
      ),
    watch: (listener: (event: AgentEvent) => void) =>
      controller.onChange((change) =>
        listener({
          v: 1,
          type: 'event',
          event: 'panel',
          panel: {
            visible: change.visible,
            generation: change.generation,
            reason: change.reason,
            ...(change.visible && change.panel ? { bounds: formatBounds(change.panel.layout.bounds) } : {}),
          },
        }),
      ),
    dropNextExecute: () => false,
    noteExecute: () => undefined,
    leases: () => leases,
    panelState: () => ({ generation: controller.currentGeneration, visible: controller.visible }),
    // Files with an operator.uiWindows input answer get_ui_tree from it (conformance/ui-tree/ raw windows).
    uiTree: () => Promise.resolve(windows === null ? null : boundTree(windows, hash)),
    // ... and set_text / click_node on it: a raw node's text is its field's text; a click changes nothing.
    nodeAction: (request) =>
      windows === null
        ? Promise.resolve(null)
        : runNodeAction(request, windows, hash, {
            currentText: (node) => node.text ?? '',
            setText: (node, text) => {
              node.text = text;
              return true;
            },
            click: () => true,
          }),
  };
  const leases = new LeaseKeeper(clock);
  const client = new PassThrough(); // bytes the test writes to the Operator
  const server = new PassThrough(); // bytes the Operator writes back
  let ended = false;
  server.on('finish', () => {
    ended = true;
  });
  serveAgentStream(Duplex.from({ readable: client, writable: server }), backend);
  return { client, server, closed: () => ended, clock };
}

/** Collects the frames the Operator sends; next() waits (in real time, briefly) for the next one. */
class FrameReader {
  private readonly frames: JsonObject[] = [];
  private readonly decoder = new FrameDecoder();

  constructor(server: PassThrough) {
    server.on('data', (chunk: Buffer) => {
      for (const frame of this.decoder.push(chunk)) {
        if (!frame.ok) throw new Error(`the Operator sent a malformed frame: ${JSON.stringify(frame.error)}`);
        this.frames.push(frame.value);
      }
    });
  }

  async next(): Promise<JsonObject | undefined> {
    for (let attempt = 0; attempt < 200 && this.frames.length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, attempt < 20 ? 0 : 5));
    }
    return this.frames.shift();
  }

  async settle(): Promise<JsonObject[]> {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return this.frames.splice(0);
  }
}

function bytesOf(step: JsonObject): Buffer {
  if (typeof step.sendHex === 'string') return Buffer.from(step.sendHex, 'hex');
  const frames = Array.isArray(step.send) ? step.send : [step.send];
  return Buffer.concat(frames.map((frame) => Buffer.from(encodeFrame(object(expand(frame), 'send')))));
}

async function replay(setup: JsonObject, exchange: JsonObject): Promise<void> {
  const { client, server, closed, clock } = startOperator(setup);
  const reader = new FrameReader(server);
  if (!Array.isArray(exchange.steps)) throw new Error('steps is not an array');
  for (const [index, entry] of exchange.steps.entries()) {
    const step = object(entry, `step ${index}`);
    if ('send' in step || 'sendHex' in step) {
      const bytes = bytesOf(step);
      const size = typeof step.chunkBytes === 'number' ? step.chunkBytes : bytes.length;
      for (let offset = 0; offset < bytes.length; offset += size) {
        client.write(bytes.subarray(offset, offset + size));
        await new Promise((resolve) => setImmediate(resolve));
      }
    } else if ('expect' in step) {
      const frame = await reader.next();
      expect(frame, `step ${index}: expected a frame, none was sent`).toBeDefined();
      expect(mismatch(step.expect, frame), `step ${index}`).toBeNull();
    } else if (typeof step.advanceMs === 'number') {
      await clock.advance(step.advanceMs);
    } else if (step.expectClosed === true) {
      await reader.settle();
      expect(closed(), `step ${index}: the stream is still open`).toBe(true);
    } else {
      throw new Error(`step ${index} is not a known step`);
    }
  }
  expect(await reader.settle(), 'unread frames after the last step').toEqual([]);
  client.end();
}

const files = readdirSync(DIRECTORY)
  .filter((name) => name.endsWith('.json'))
  .sort();

describe('conformance/agent-protocol', () => {
  it('holds the recorded exchange files', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
  });

  for (const file of files) {
    const document = object(JSON.parse(readFileSync(new URL(file, DIRECTORY), 'utf8')), file);
    const exchanges = Array.isArray(document.exchanges)
      ? document.exchanges.map((e) => object(e, 'exchange'))
      : [];
    describe(file, () => {
      it('is a well-formed exchange file', () => {
        expect(document.kind).toBe('agent-protocol');
        expect(typeof document.description).toBe('string');
        const names = exchanges.map((exchange) => String(exchange.name));
        expect(names.length).toBeGreaterThan(0);
        expect(new Set(names).size).toBe(names.length);
        expect(names.filter((name) => !KEBAB.test(name))).toEqual([]);
      });

      it.each(exchanges.map((exchange) => [String(exchange.name), exchange] as const))(
        '%s',
        async (_name, exchange) => {
          await replay(object(document.operator, 'operator'), exchange);
        },
      );
    });
  }
});
