// The simulated Operator app: agent socket backend, panel controller wiring and device event subscriptions.
import type { AgentEvent, OperatorDescription, PanelEventReason } from '../../shared/agent/messages';
import { fail, ok, type Result } from '../../shared/errors';
import { formatBounds } from '../../shared/geometry/bounds';
import type { DeviceState } from '../device/state';
import { navigationOf, runUiAction } from '../device/navigation';
import { uiSourceOf, type UiNode } from '../device/uiTree';
import {
  runNodeAction,
  type NodeActionRefusal,
  type NodeActionRequest,
  type NodeActionResponse,
} from '../../shared/agent/nodeActions';
import { boundTree, type OperatorTree, type RawTreeNode } from '../../shared/ui/operatorTree';
import { createHash } from 'node:crypto';
import type { DeviceProfile } from '../profiles/types';
import { renderAppIcon } from '../screen/icons';
import { screenAppOf } from '../screen/fromProfile';
import { screenMeasurer } from '../screen/renderScreen';
import type { PanelGeneration } from '../../shared/agent/lease';
import type { AgentBackend } from './agentServer';
import { LeaseKeeper } from './leaseKeeper';
import type { Clock } from './clock';
import { currentDisplay, describeDevice, hierarchyXml, metadataOf } from './deviceFacts';
import { executeOnOperator, type ExecuteOutcome } from './executeActions';
import { PanelController, type PanelWindowHost } from './panelController';
import { noteUiTreeClosedEarly, uiTreeDelayOf, type UiTreeClosedEarly } from '../device/operatorTreeDelay';

export const OPERATOR_SERVICE_CLASS = 'com.androperator.operator.OperatorAccessibilityService';
export const OPERATOR_VERSION = { versionName: '0.1.0', versionCode: '1' };

/** The component string Android keeps in secure enabled_accessibility_services. */
export function operatorServiceComponent(operatorPackage: string): string {
  return `${operatorPackage}/${OPERATOR_SERVICE_CLASS}`;
}

/** True when the accessibility settings enable the Operator's service (':'-separated list, case-insensitive). */
export function serviceEnabledIn(state: DeviceState, operatorPackage: string): boolean {
  if (state.getSetting('secure', 'accessibility_enabled') !== '1') return false;
  const list = state.getSetting('secure', 'enabled_accessibility_services') ?? '';
  const component = operatorServiceComponent(operatorPackage).toLowerCase();
  const short = `${operatorPackage}/.OperatorAccessibilityService`.toLowerCase();
  return list
    .split(':')
    .map((entry) => entry.trim().toLowerCase())
    .some((entry) => entry === component || entry === short);
}

export interface SimulatedOperatorOptions {
  operatorPackage: string;
  state: DeviceState;
  profile: DeviceProfile;
  host: PanelWindowHost;
  clock: Clock;
}

export class SimulatedOperator implements AgentBackend {
  readonly controller: PanelController;
  private inFlight = false;
  private dropNext = false;
  private readonly keeper: LeaseKeeper;
  /** Test fault: answer as an Operator built before leases (no capabilities, no lease requests, no panel). */
  legacyProtocol = false;
  private readonly watchers = new Set<(event: AgentEvent) => void>();
  private readonly unsubscribe: Array<() => void> = [];

  constructor(private readonly options: SimulatedOperatorOptions) {
    const { state, profile } = options;
    this.keeper = new LeaseKeeper(options.clock);
    this.controller = new PanelController(
      {
        apiLevel: () => state.sdkLevel,
        serviceConnected: () => this.serviceConnected,
        displayMetrics: () => {
          const display = currentDisplay(profile, state);
          return display.metrics
            ? ok(display.metrics)
            : { ok: false, error: display.usableError ?? 'The usable display area is unknown.' };
        },
        metadata: () => metadataOf(state),
        measurer: screenMeasurer(),
      },
      options.host,
      options.clock,
    );
    this.controller.onChange((change) =>
      this.broadcast({ v: 1, type: 'event', event: 'panel', panel: panelEvent(change) }),
    );
    this.unsubscribe.push(
      state.on('configuration', () => void this.controller.configurationChanged()),
      state.on('locale', () => void this.controller.metadataChanged('locale')),
      state.on('foreground', () => {
        void this.controller.metadataChanged('foreground');
        void this.describe().then((description) =>
          this.broadcast({
            v: 1,
            type: 'event',
            event: 'foreground',
            foregroundApp: description.foregroundApp,
          }),
        );
      }),
      state.on('packages', () => void this.controller.metadataChanged('foreground')),
      // Disabling the accessibility service destroys it, and the panel with it.
      state.on('settings', () => {
        if (!this.serviceConnected) this.controller.detach();
      }),
    );
  }

  get serviceConnected(): boolean {
    return serviceEnabledIn(this.options.state, this.options.operatorPackage);
  }

  async describe(): Promise<OperatorDescription> {
    const { state, profile, operatorPackage } = this.options;
    const foreground = state.foreground.packageName;
    const info = state.getPackage(foreground);
    const look = profile.apps.find((app) => app.packageName === foreground);
    const panel = this.controller.currentPanel;
    const visible = this.controller.visible;
    return {
      protocolVersion: 1,
      operator: { packageName: operatorPackage, ...OPERATOR_VERSION },
      service: { connected: this.serviceConnected },
      ...describeDevice(profile, state),
      foregroundApp: {
        packageName: foreground,
        label: info?.label ?? null,
        versionCode: info ? String(info.versionCode) : null,
        versionName: info?.versionName ?? null,
        ...(look
          ? { iconPng: Buffer.from(await renderAppIcon(screenAppOf(look), 128)).toString('base64') }
          : {}),
      },
      panel:
        visible && panel
          ? { visible, generation: panel.generation, bounds: formatBounds(panel.layout.bounds) }
          : { visible: false, generation: this.controller.currentGeneration },
    };
  }

  async execute(execution: unknown): Promise<ExecuteOutcome> {
    if (this.inFlight) {
      return fail(
        'EXECUTION_CONFLICT_IN_FLIGHT',
        'Another execution is running on this Operator; wait for its result.',
      );
    }
    this.inFlight = true;
    try {
      const { state } = this.options;
      return await executeOnOperator(
        execution,
        this.controller,
        {
          snapshot: () =>
            this.serviceConnected
              ? {
                  xml: hierarchyXml(state),
                  foregroundPackage: state.foreground.packageName,
                  windowCount: 2,
                  overlayPackage: null,
                }
              : null,
        },
        this.options.clock,
      );
    } finally {
      this.inFlight = false;
    }
  }

  leases(): LeaseKeeper | null {
    return this.legacyProtocol ? null : this.keeper;
  }

  async uiTree(): Promise<OperatorTree | null> {
    if (!this.serviceConnected) return null;
    const hierarchy = await uiSourceOf(this.options.state)?.();
    return boundTree(
      [{ id: 1, root: hierarchy === undefined ? null : rawTreeNode(hierarchy.root) }],
      sha256Base64Url,
    );
  }

  uiTreeDelayMs(): number {
    return uiTreeDelayOf(this.options.state);
  }

  noteUiTreeClosedEarly(entry: UiTreeClosedEarly): void {
    noteUiTreeClosedEarly(this.options.state, entry);
  }

  /** Every set_text / click_node request that reached this Operator, oldest first. */
  readonly receivedNodeActions: NodeActionRequest[] = [];

  /**
   * set_text / click_node on the drawn screen: the node is found again by its identity; a field's new text goes to
   * the app's page (so the next frame and `uiautomator dump` show it), a click runs the node's click handler.
   */
  async nodeAction(
    request: NodeActionRequest,
  ): Promise<Result<NodeActionResponse, NodeActionRefusal> | null> {
    this.receivedNodeActions.push(request);
    if (!this.serviceConnected) return null;
    const { state } = this.options;
    const hierarchy = await uiSourceOf(state)?.();
    const drawn = new Map<RawTreeNode, UiNode>();
    const root = hierarchy === undefined ? null : rawTreeNode(hierarchy.root, drawn);
    const fieldOf = (node: RawTreeNode): string | undefined => {
      const action = drawn.get(node)?.action;
      return action?.kind === 'focus' ? action.field : undefined;
    };
    return runNodeAction(request, [{ id: 1, root }], sha256Base64Url, {
      currentText: (node) => {
        const field = fieldOf(node);
        return field === undefined ? '' : navigationOf(state).fieldText(drawn.get(node)!.packageName, field);
      },
      setText: (node, text) => {
        // A drawn EditText without a field of its page has no listener to take the text: the app refuses it.
        const field = fieldOf(node);
        if (field === undefined) return false;
        navigationOf(state).setFieldText(drawn.get(node)!.packageName, field, text);
        return true;
      },
      click: (node) => {
        const action = drawn.get(node)?.action;
        if (action === undefined) return false;
        runUiAction(state, action);
        return true;
      },
    });
  }

  panelState(): PanelGeneration {
    return { generation: this.controller.currentGeneration, visible: this.controller.visible };
  }

  watch(listener: (event: AgentEvent) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  /** Every execute request that reached this Operator, oldest first: its commandId and action types. */
  readonly receivedExecutions: Array<{ commandId: string | null; actions: string[] }> = [];

  noteExecute(execution: unknown): void {
    const payload =
      typeof execution === 'object' && execution !== null ? (execution as Record<string, unknown>) : {};
    const actions = Array.isArray(payload.actions) ? payload.actions : [];
    this.receivedExecutions.push({
      commandId: typeof payload.commandId === 'string' ? payload.commandId : null,
      actions: actions.map((action: unknown) =>
        typeof action === 'object' &&
        action !== null &&
        typeof (action as { type?: unknown }).type === 'string'
          ? (action as { type: string }).type
          : '?',
      ),
    });
  }

  dropNextExecute(): boolean {
    const drop = this.dropNext;
    this.dropNext = false;
    return drop;
  }

  /** Test fault: the next execute request is received and the stream is closed without an answer. */
  armDropNextExecute(): void {
    this.dropNext = true;
  }

  close(): void {
    this.controller.detach();
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.watchers.clear();
  }

  private broadcast(event: AgentEvent): void {
    for (const watcher of this.watchers) watcher(event);
  }
}

function panelEvent(change: {
  visible: boolean;
  generation: number;
  reason: PanelEventReason;
  panel: { layout: { bounds: { left: number; top: number; right: number; bottom: number } } } | null;
}): {
  visible: boolean;
  generation: number;
  reason: PanelEventReason;
  bounds?: string;
} {
  return {
    visible: change.visible,
    generation: change.generation,
    reason: change.reason,
    ...(change.visible && change.panel ? { bounds: formatBounds(change.panel.layout.bounds) } : {}),
  };
}

function sha256Base64Url(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64url');
}

/**
 * The simulated screen's node as the Operator's AccessibilityNodeInfo walker reads it (every drawn node is
 * visible); `drawn` (when given) maps each raw node back to the drawn one, for the node actions.
 */
function rawTreeNode(node: UiNode, drawn?: Map<RawTreeNode, UiNode>): RawTreeNode {
  const raw: RawTreeNode = {
    package: node.packageName,
    class: node.className,
    resource_id: node.resourceId ?? null,
    text: node.text ?? null,
    content_description: node.contentDesc ?? null,
    bounds: node.bounds,
    visible: node.bounds.right > node.bounds.left && node.bounds.bottom > node.bounds.top,
    clickable: node.clickable ?? false,
    focused: node.focused ?? false,
    focusable: node.focusable ?? false,
    selected: node.selected ?? false,
    enabled: node.enabled ?? true,
    scrollable: node.scrollable ?? false,
    editable: node.className === 'android.widget.EditText',
    password: node.password ?? false,
    children: node.children.map((child) => rawTreeNode(child, drawn)),
  };
  drawn?.set(raw, node);
  return raw;
}
