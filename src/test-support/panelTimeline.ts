// Test support: plays one conformance/panel-controller*.json timeline against the simulated Operator's
// PanelController on a fake clock and a scripted window host, and reports every difference from the expectations.
// The Kotlin core runs the same files (PanelControllerConformanceTest.kt); the format is in conformance/README.md.
import { FakeClock } from '../simulator/operator/clock';
import {
  PanelController,
  type DrawnPanel,
  type PanelEnvironment,
  type PanelStepResult,
} from '../simulator/operator/panelController';
import type { Result } from '../shared/errors';
import { validateSetParams } from '../shared/execution/validateSetParams';
import { createFixedAdvanceMeasurer } from '../shared/geometry/fixedMeasurer';
import { formatBounds, parseBounds } from '../shared/geometry/bounds';
import type { DisplayMetrics } from '../shared/geometry/types';
import { parseTemplateMetadata, type TemplateMetadata } from '../shared/template/metadata';

type Json = Record<string, unknown>;
type DrawMode = 'ack' | 'withhold' | 'fail';
type Display = Result<DisplayMetrics, string>;

/** Result keys of the contract: a set's success data and a failure's data, exactly. */
const SET_KEYS = [
  'visible',
  'rendered',
  'truncated',
  'anchor',
  'text_align',
  'top_offset_dp',
  'edge_offset_dp',
  'width_dp',
  'font_size_sp',
  'text_color',
  'background_color',
  'ttl_ms',
  'bounds',
];
const FAILURE_KEYS = ['error', 'errorCode', 'message'];

export function record(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${what} is not an object`);
  return value as Json;
}

function num(value: unknown, what: string): number {
  if (typeof value !== 'number') throw new Error(`${what} is not a number`);
  return value;
}

function str(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Error(`${what} is not a string`);
  return value;
}

function displayOf(value: unknown): Display {
  const display = record(value, 'display');
  if ('unusable' in display) return { ok: false, error: str(display.unusable, 'display.unusable') };
  const usable = parseBounds(str(display.usable, 'display.usable'));
  if (usable === null) throw new Error('display.usable is not "[l,t][r,b]"');
  return {
    ok: true,
    value: {
      widthPx: num(display.widthPx, 'widthPx'),
      heightPx: num(display.heightPx, 'heightPx'),
      density: num(display.density, 'density'),
      scaledDensity: num(display.scaledDensity, 'scaledDensity'),
      usable,
    },
  };
}

function metadataOf(value: unknown): TemplateMetadata {
  const metadata = parseTemplateMetadata(value);
  if (metadata === null) throw new Error('metadata is malformed');
  return metadata;
}

/** The window host double: acknowledges each draw after ackMs, withholds it until releaseDraws, or throws. */
class ScriptedHost {
  mode: DrawMode = 'ack';
  ackMs = 16;
  private withheld: Array<() => void> = [];
  constructor(private readonly clock: FakeClock) {}

  draw(_panel: DrawnPanel): Promise<void> {
    // Attaching or updating fails synchronously, as WindowManager.addView/updateViewLayout throw.
    if (this.mode === 'fail') throw new Error('the window manager refused the panel window');
    return new Promise((resolve) => {
      if (this.mode === 'withhold') this.withheld.push(resolve);
      else this.clock.setTimer(resolve, this.ackMs);
    });
  }

  remove(): void {}

  releaseDraws(): void {
    for (const resolve of this.withheld) resolve();
    this.withheld = [];
  }
}

/** Drains every pending promise job (the controller's chains are longer than a few microtasks). */
function drain(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export async function playTimeline(defaults: Json, input: Json, expect: Json): Promise<string[]> {
  const environment = {
    ...defaults,
    ...(input.environment === undefined ? {} : record(input.environment, 'environment')),
  };
  const clock = new FakeClock();
  const host = new ScriptedHost(clock);
  const draws = record(environment.draws, 'draws');
  host.mode = str(draws.mode, 'draws.mode') as DrawMode;
  host.ackMs = num(draws.ackMs ?? 16, 'draws.ackMs');
  const state = {
    apiLevel: num(environment.apiLevel, 'apiLevel'),
    connected: environment.serviceConnected === true,
    display: displayOf(environment.display),
    metadata: metadataOf(environment.metadata),
  };
  const measurer = record(environment.measurer, 'measurer');
  const panelEnvironment: PanelEnvironment = {
    apiLevel: () => state.apiLevel,
    serviceConnected: () => state.connected,
    displayMetrics: () => state.display,
    metadata: () => state.metadata,
    measurer: createFixedAdvanceMeasurer({
      advance: num(measurer.advance, 'advance'),
      ascent: num(measurer.ascent, 'ascent'),
      descent: num(measurer.descent, 'descent'),
    }),
  };
  const controller = new PanelController(panelEnvironment, host, clock);
  const events: string[] = [];
  controller.onChange((change) => events.push(change.reason));
  const completed: string[] = [];
  const results = new Map<string, PanelStepResult>();
  const finish = (id: string) => (result: PanelStepResult) => {
    completed.push(id);
    results.set(id, result);
  };
  const problems: string[] = [];
  const timeline = input.timeline;
  if (!Array.isArray(timeline) || timeline.length === 0) throw new Error('timeline is empty');

  for (const [index, entry] of timeline.entries()) {
    const step = record(entry, `timeline[${index}]`);
    completed.length = 0;
    events.length = 0;
    switch (step.do) {
      case 'set': {
        const id = str(step.id, 'id');
        const validated = validateSetParams(step.params);
        if (!validated.ok) {
          finish(id)({
            success: false,
            data: {
              error: validated.error.code,
              errorCode: validated.error.code,
              message: validated.error.message,
            },
          });
          break;
        }
        void controller.set(validated.value, num(step.budgetMs ?? 30000, 'budgetMs')).then(finish(id));
        break;
      }
      case 'clear':
        void controller.clear().then(finish(str(step.id, 'id')));
        break;
      case 'tick':
        await clock.advance(num(step.ms, 'ms'));
        break;
      case 'draws':
        host.mode = str(step.mode, 'mode') as DrawMode;
        if (step.ackMs !== undefined) host.ackMs = num(step.ackMs, 'ackMs');
        break;
      case 'releaseDraws':
        host.releaseDraws();
        break;
      case 'configuration':
        state.display = displayOf(step.display);
        void controller.configurationChanged();
        break;
      case 'display':
        state.display = displayOf(step.display);
        break;
      case 'foreground':
        state.metadata = {
          ...state.metadata,
          foregroundApp: metadataOf({ foregroundApp: step.app }).foregroundApp,
        };
        void controller.metadataChanged('foreground');
        break;
      case 'locale':
        state.metadata = { ...state.metadata, system: metadataOf({ system: step.system }).system };
        void controller.metadataChanged('locale');
        break;
      case 'detach':
        state.connected = false;
        controller.detach();
        break;
      case 'attach':
        state.connected = true;
        break;
      default:
        throw new Error(`step ${index}: unknown step ${String(step.do)}`);
    }
    await drain();
    await clock.advance(0);
    await drain();
    const where = `step ${index} (${String(step.do)}), after it t=${clock.now()}`;
    problems.push(...checkStep(where, record(step.expect, `${where} expect`), completed, events, controller));
  }
  problems.push(...checkResults(record(expect.results, 'expect.results'), results));
  return problems;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function checkStep(
  where: string,
  want: Json,
  completed: string[],
  events: string[],
  controller: PanelController,
): string[] {
  const problems: string[] = [];
  const wantCompleted = want.completed ?? [];
  if (!same(completed, wantCompleted))
    problems.push(
      `${where}: completed ${JSON.stringify(completed)}, expected ${JSON.stringify(wantCompleted)}`,
    );
  const wantEvents = want.events ?? [];
  if (!same(events, wantEvents))
    problems.push(`${where}: events ${JSON.stringify(events)}, expected ${JSON.stringify(wantEvents)}`);
  const actual = panelState(controller, record(want.panel, `${where} panel`));
  if (!same(actual, want.panel))
    problems.push(`${where}: panel ${JSON.stringify(actual)}, expected ${JSON.stringify(want.panel)}`);
  return problems;
}

/** The controller's state in the vectors' shape (iconPackage only where the vector states it). */
function panelState(controller: PanelController, want: Json): Json {
  const panel = controller.currentPanel;
  const window =
    panel === null
      ? null
      : {
          text: panel.layout.lines.map((line) => line.text).join('\n'),
          bounds: formatBounds(panel.layout.bounds),
          ...(want.window !== null && typeof want.window === 'object' && 'iconPackage' in want.window
            ? { iconPackage: panel.iconPackage }
            : {}),
        };
  return { visible: controller.visible, generation: controller.currentGeneration, window };
}

function checkResults(want: Json, results: Map<string, PanelStepResult>): string[] {
  const problems: string[] = [];
  for (const id of results.keys()) if (!(id in want)) problems.push(`result ${id} is not in expect.results`);
  for (const [id, value] of Object.entries(want)) {
    const expected = record(value, `expect.results.${id}`);
    const result = results.get(id);
    if (result === undefined) {
      problems.push(`request ${id} never completed`);
      continue;
    }
    problems.push(...checkResult(id, expected, result));
  }
  return problems;
}

function checkResult(id: string, expected: Json, result: PanelStepResult): string[] {
  const problems: string[] = [];
  const keys = Object.keys(result.data);
  if (expected.ok !== result.success)
    return [
      `${id}: success ${result.success}, expected ${String(expected.ok)} (${JSON.stringify(result.data)})`,
    ];
  if (!result.success) {
    if (!same(keys, FAILURE_KEYS)) problems.push(`${id}: failure keys ${keys.join(',')}`);
    if (result.data.error !== expected.code || result.data.errorCode !== expected.code)
      problems.push(`${id}: code ${result.data.error}, expected ${String(expected.code)}`);
    if (expected.message !== undefined && result.data.message !== expected.message)
      problems.push(
        `${id}: message ${JSON.stringify(result.data.message)}, expected ${JSON.stringify(expected.message)}`,
      );
    return problems;
  }
  const data = record(expected.data, `${id} data`);
  const contract = data.visible === 'false' ? ['visible'] : SET_KEYS;
  if (!same(keys, contract)) problems.push(`${id}: data keys ${keys.join(',')}`);
  for (const [key, value] of Object.entries(data)) {
    if (result.data[key] !== value)
      problems.push(
        `${id}: data.${key} ${JSON.stringify(result.data[key])}, expected ${JSON.stringify(value)}`,
      );
  }
  return problems;
}
