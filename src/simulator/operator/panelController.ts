// The simulated Operator's panel controller: the state machine of the seed and reference §9
// (full replacement, generations, draw acknowledgement deadline, TTL from acknowledgement, reflow, template refresh).
import { ok, type Result } from '../../shared/errors';
import type { ResolvedPanelSpec, SetOnScreenLogParams } from '../../shared/execution/types';
import { DRAW_ACK_DEADLINE_MS } from '../../shared/execution/limits';
import { applyPanelDefaults } from '../../shared/execution/defaults';
import { scanTemplate, type TemplateSegment } from '../../shared/template/scan';
import { expandTemplate, templateUsesForegroundApp } from '../../shared/template/expand';
import type { TemplateMetadata } from '../../shared/template/metadata';
import { layoutPanel } from '../../shared/geometry/panelLayout';
import type { DisplayMetrics, PanelLayout, TextMeasurer } from '../../shared/geometry/types';
import type { PanelEventReason } from '../../shared/agent/messages';
import type { Clock, TimerHandle } from './clock';
import { colours, failure, removedFailure, successData, type PanelStepResult } from './panelResults';

export type { PanelStepResult } from './panelResults';

/** What the window host draws for one generation. */
export interface DrawnPanel {
  generation: number;
  layout: PanelLayout;
  textColor: string;
  backgroundColor: string;
  /** Package whose icon fills U+FFFC positions (null: neutral gray icon). */
  iconPackage: string | null;
}

/** The overlay window: add/update resolves when the view has drawn that generation; it may never resolve. */
export interface PanelWindowHost {
  draw(panel: DrawnPanel): Promise<void>;
  remove(): void;
}

/** The device facts the controller reads at the moment it lays out. */
export interface PanelEnvironment {
  apiLevel(): number;
  serviceConnected(): boolean;
  /** Display metrics with the usable area, or the reason the usable area is unknown. */
  displayMetrics(): Result<DisplayMetrics, string>;
  metadata(): TemplateMetadata;
  measurer: TextMeasurer;
}

export type PanelListener = (change: {
  visible: boolean;
  generation: number;
  reason: PanelEventReason;
  panel: DrawnPanel | null;
}) => void;

interface ActivePanel {
  spec: ResolvedPanelSpec;
  segments: TemplateSegment[] | null;
  drawn: DrawnPanel;
  acknowledged: boolean;
  expiresAt: number | null;
  expiryTimer: TimerHandle | null;
}

type DrawOutcome = 'drawn' | 'timeout' | 'attach_failed' | { removed: PanelEventReason };

/** A laid-out panel and the package whose icon it shows, or why it does not fit. */
type Prepared = Result<{ layout: PanelLayout; iconPackage: string | null }, string>;

export class PanelController {
  private generation = 0;
  private active: ActivePanel | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private pendingReflow = false;
  /** Template metadata changed while the set awaited its draw. */
  private refreshAfterAck = false;
  /** Ends the current draw wait early: the panel was removed (the service detached) while it waited. */
  private abortDraw: ((reason: PanelEventReason) => void) | null = null;
  private readonly listeners = new Set<PanelListener>();

  constructor(
    private readonly environment: PanelEnvironment,
    private readonly host: PanelWindowHost,
    private readonly clock: Clock,
  ) {}

  /**
   * Shows or fully replaces the panel; params must already be canonically validated. `budgetMs` is what remains of
   * the execution's timeout now, so the draw deadline, min(budget, 2000 ms), counts from this request: time spent
   * queued behind earlier panel work is part of it.
   */
  set(params: SetOnScreenLogParams, budgetMs: number): Promise<PanelStepResult> {
    const deadline = this.clock.now() + Math.min(budgetMs, DRAW_ACK_DEADLINE_MS);
    return this.serialize(() => this.runSet(applyPanelDefaults(params), deadline));
  }

  /** Removes the panel; succeeds also when nothing is visible. */
  clear(): Promise<PanelStepResult> {
    return this.serialize(async () => {
      this.removePanel('cleared');
      return { success: true, data: { visible: 'false' } };
    });
  }

  /** The display or font scale changed: recompute from the stored dp/sp values, or remove when it no longer fits. */
  configurationChanged(): Promise<void> {
    if (this.active !== null && !this.active.acknowledged) {
      this.pendingReflow = true;
      return Promise.resolve();
    }
    return this.serialize(async () => {
      await this.redraw('reflowed', 'configuration_layout_invalid');
    });
  }

  /** Template metadata changed (foreground app or locale): redraw a template panel without resetting its TTL. */
  metadataChanged(kind: 'foreground' | 'locale'): Promise<void> {
    const active = this.active;
    if (active === null || active.segments === null) return Promise.resolve();
    if (kind === 'foreground' && !templateUsesForegroundApp(active.segments)) return Promise.resolve();
    // Not lost while the set awaits its draw: the panel refreshes once the set is acknowledged.
    if (!active.acknowledged) {
      this.refreshAfterAck = true;
      return Promise.resolve();
    }
    return this.refresh(active);
  }

  /** The accessibility service went away: the panel goes with it. */
  detach(): void {
    this.removePanel('detached');
  }

  /** True while an acknowledged generation is on screen (snapshot's operator_overlay_visible). */
  get visible(): boolean {
    return this.active?.acknowledged === true;
  }

  /** The panel as the window host currently shows it. */
  get currentPanel(): DrawnPanel | null {
    return this.active?.drawn ?? null;
  }

  get currentGeneration(): number {
    return this.generation;
  }

  onChange(listener: PanelListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Redraws a template panel from current metadata, unless it was replaced or removed in the meantime. */
  private refresh(panel: ActivePanel): Promise<void> {
    return this.serialize(async () => {
      if (this.active === panel) await this.redraw('refreshed', 'render_failed');
    });
  }

  private serialize<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work, work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async runSet(spec: ResolvedPanelSpec, deadline: number): Promise<PanelStepResult> {
    // No budget left (or all of it spent in the queue): fail before touching the current panel.
    if (deadline - this.clock.now() <= 0)
      return failure(
        'ON_SCREEN_LOG_RENDER_TIMEOUT',
        'No execution time remains for the draw acknowledgement.',
      );
    if (!this.environment.serviceConnected()) {
      return failure(
        'ON_SCREEN_LOG_SERVICE_UNAVAILABLE',
        'The Operator accessibility service is not connected.',
      );
    }
    if (this.environment.apiLevel() < 22) {
      return failure(
        'ON_SCREEN_LOG_RENDER_FAILED',
        'Accessibility overlay windows require Android API 22 or later.',
      );
    }
    let segments: TemplateSegment[] | null = null;
    if (spec.content.kind === 'template') {
      const scan = scanTemplate(spec.content.value);
      if (!scan.ok) return failure('ON_SCREEN_LOG_RENDER_FAILED', scan.error.message);
      segments = scan.value;
    }
    const prepared = this.prepare(spec, segments);
    // A layout rejection leaves the existing panel and its expiry untouched.
    if (!prepared.ok) return failure('ON_SCREEN_LOG_LAYOUT_INVALID', prepared.error);

    this.cancelExpiry();
    this.pendingReflow = false;
    this.refreshAfterAck = false;
    const generation = ++this.generation;
    const drawn: DrawnPanel = {
      generation,
      layout: prepared.value.layout,
      ...colours(spec),
      iconPackage: prepared.value.iconPackage,
    };
    this.active = { spec, segments, drawn, acknowledged: false, expiresAt: null, expiryTimer: null };
    const outcome = await this.awaitDraw(drawn, deadline);
    if (outcome !== 'drawn') return this.failCommit(outcome);
    const active = this.active as ActivePanel | null;
    if (active === null || active.drawn.generation !== generation) return removedFailure('render_failed');
    active.acknowledged = true;
    active.expiresAt = this.clock.now() + spec.ttlMs;
    // Configuration changes that arrived while waiting are replayed now; each reflow needs its own draw in the same deadline.
    while (this.pendingReflow) {
      this.pendingReflow = false;
      const reflow = this.prepare(spec, segments);
      if (!reflow.ok) {
        this.removePanel('configuration_layout_invalid');
        return failure('ON_SCREEN_LOG_LAYOUT_INVALID', `After a configuration change: ${reflow.error}`);
      }
      const next: DrawnPanel = {
        ...active.drawn,
        generation: ++this.generation,
        layout: reflow.value.layout,
        iconPackage: reflow.value.iconPackage,
      };
      active.drawn = next;
      const reflowOutcome = await this.awaitDraw(next, deadline);
      if (reflowOutcome !== 'drawn') return this.failCommit(reflowOutcome);
    }
    this.scheduleExpiry();
    this.emit('set');
    if (this.refreshAfterAck) {
      this.refreshAfterAck = false;
      void this.refresh(active);
    }
    return { success: true, data: successData(spec, active.drawn.layout) };
  }

  private prepare(spec: ResolvedPanelSpec, segments: TemplateSegment[] | null): Prepared {
    const metrics = this.environment.displayMetrics();
    if (!metrics.ok) return metrics;
    let content = spec.content.value;
    let iconPackage: string | null = null;
    let expansionTruncated = false;
    if (segments !== null) {
      const metadata = this.environment.metadata();
      const expansion = expandTemplate(segments, metadata);
      content = expansion.text;
      expansionTruncated = expansion.truncated;
      iconPackage = metadata.foregroundApp?.packageName ?? null;
    }
    const layout = layoutPanel(metrics.value, spec, content, this.environment.measurer);
    if (!layout.ok) return { ok: false, error: layout.error.message };
    // "truncated" means the text was shortened, by the 256/8192 bounds or by the usable height.
    const truncated = layout.value.truncated || expansionTruncated;
    return ok({ layout: { ...layout.value, truncated }, iconPackage });
  }

  private async awaitDraw(drawn: DrawnPanel, deadline: number): Promise<DrawOutcome> {
    const remaining = deadline - this.clock.now();
    if (remaining <= 0) return 'timeout';
    const draw = this.showOnHost(drawn);
    if (draw === null) return 'attach_failed';
    let timer: TimerHandle | null = null;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = this.clock.setTimer(() => resolve('timeout'), remaining);
    });
    const removed = new Promise<{ removed: PanelEventReason }>((resolve) => {
      this.abortDraw = (reason) => resolve({ removed: reason });
    });
    const drawn$ = draw.then(
      () => 'drawn' as const,
      () => 'attach_failed' as const,
    );
    const outcome = await Promise.race([drawn$, timeout, removed]);
    this.abortDraw = null;
    if (timer !== null) this.clock.clearTimer(timer);
    return outcome;
  }

  /** Adds or updates the window; null when attaching failed at once (the host threw, as WindowManager does). */
  private showOnHost(drawn: DrawnPanel): Promise<void> | null {
    try {
      return this.host.draw(drawn);
    } catch {
      return null;
    }
  }

  private failCommit(outcome: Exclude<DrawOutcome, 'drawn'>): PanelStepResult {
    // Removed while waiting (the panel is already gone): no second removal.
    if (typeof outcome === 'object') return removedFailure(outcome.removed);
    // A failed replacement removes the previous panel too; a late draw cannot bring it back (the generation moved on).
    if (outcome === 'timeout') {
      this.removePanel('render_timeout');
      return failure(
        'ON_SCREEN_LOG_RENDER_TIMEOUT',
        `The panel did not acknowledge a draw within ${DRAW_ACK_DEADLINE_MS} ms.`,
      );
    }
    this.removePanel('render_failed');
    return failure('ON_SCREEN_LOG_RENDER_FAILED', 'The panel window could not be attached or updated.');
  }

  private async redraw(reason: 'reflowed' | 'refreshed', removalReason: PanelEventReason): Promise<void> {
    const active = this.active;
    if (active === null || !active.acknowledged) return;
    const prepared = this.prepare(active.spec, active.segments);
    if (!prepared.ok) {
      this.removePanel(removalReason);
      return;
    }
    active.drawn = {
      ...active.drawn,
      generation: ++this.generation,
      layout: prepared.value.layout,
      iconPackage: prepared.value.iconPackage,
    };
    const generation = active.drawn.generation;
    const draw = this.showOnHost(active.drawn);
    // An update the window manager refuses hides the panel; the request that showed it has long completed.
    if (draw === null) {
      this.removePanel('render_failed');
      return;
    }
    draw.catch(() => {
      if (this.active?.drawn.generation === generation) this.removePanel('render_failed');
    });
    // The expiry keeps its absolute time; it is re-armed for the new generation.
    this.scheduleExpiry();
    this.emit(reason);
  }

  private scheduleExpiry(): void {
    const active = this.active;
    if (active === null || active.expiresAt === null) return;
    if (active.expiryTimer !== null) this.clock.clearTimer(active.expiryTimer);
    const generation = active.drawn.generation;
    const fire = (): void => {
      const current = this.active;
      // Expiry removes its own generation only.
      if (current === null || current.drawn.generation !== generation || current.expiresAt === null) return;
      const left = current.expiresAt - this.clock.now();
      if (left > 0) {
        current.expiryTimer = this.clock.setTimer(fire, left);
        return;
      }
      this.removePanel('expired');
    };
    active.expiryTimer = this.clock.setTimer(fire, active.expiresAt - this.clock.now());
  }

  private cancelExpiry(): void {
    if (this.active?.expiryTimer) this.clock.clearTimer(this.active.expiryTimer);
    if (this.active) this.active.expiryTimer = null;
  }

  private removePanel(reason: PanelEventReason): void {
    this.abortDraw?.(reason);
    if (this.active === null) return;
    this.cancelExpiry();
    this.active = null;
    this.pendingReflow = false;
    this.refreshAfterAck = false;
    this.generation += 1;
    this.host.remove();
    this.emit(reason);
  }

  private emit(reason: PanelEventReason): void {
    const panel = this.active?.drawn ?? null;
    const change = { visible: this.visible, generation: this.generation, reason, panel };
    for (const listener of this.listeners) listener(change);
  }
}
