// A whole simulated Android device: adbd transport, shell, the Operator app on its agent socket, and a screen.
import { agentSocketName } from '../shared/agent/messages';
import { fail, ok, type Result } from '../shared/errors';
import { SimulatedDevice, type AttachMode } from './adb/simulatedDevice';
import { defaultFaults, simctl, type SimulatorControl, type SimulatorFaults } from './control/simctl';
import { anrApp, crashApp, type AppFaultResult, type CrashOptions } from './device/appFaults';
import { startLogTraffic, type LogTrafficOptions } from './device/logTraffic';
import { DeviceState } from './device/state';
import { closeTracingService } from './perfetto/service';
import { loadProfile } from './profiles/loadProfile';
import { toDeviceStateInput } from './profiles/deviceStateInput';
import type { DeviceProfile } from './profiles/types';
import { renderAppIcon } from './screen/icons';
import { renderScreen, screenTree } from './screen/renderScreen';
import type { ScreenInput } from './screen/types';
import { navigationOf } from './device/navigation';
import { setUiSource, type UiHierarchy } from './device/uiTree';
import { screenAppOf, screenInputFromProfile } from './screen/fromProfile';
import { serveAgentStream } from './operator/agentServer';
import { systemClock, type Clock } from './operator/clock';
import type { DrawnPanel, PanelWindowHost } from './operator/panelController';
import { operatorServiceComponent, SimulatedOperator } from './operator/simulatedOperator';

export const DEFAULT_OPERATOR_PACKAGE = 'com.androperator.operator';

export type { SimulatorFaults } from './control/simctl';

/** How long `simctl unplug` waits for its own answer to leave before it drops the connections. */
const UNPLUG_GRACE_MS = 100;

export interface SimulatedAndroidOptions {
  profile?: string | DeviceProfile;
  operatorPackage?: string;
  /** Install the Operator app (default true). */
  operatorInstalled?: boolean;
  /** Enable its accessibility service (default true). */
  serviceEnabled?: boolean;
  port?: number;
  clock?: Clock;
  /** Background logcat traffic; default 2 entries/s with a seed from the profile name. */
  logTraffic?: LogTrafficOptions;
}

const FRAME_MS = 16;

/** A stable 32-bit seed from a name (FNV-1a). */
function seedOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

export class SimulatedAndroid {
  readonly faults: SimulatorFaults = defaultFaults();
  private shownPanel: DrawnPanel | null = null;
  private unregisterSocket: (() => void) | null = null;

  private constructor(
    readonly profile: DeviceProfile,
    readonly device: SimulatedDevice,
    readonly operator: SimulatedOperator,
    readonly operatorPackage: string,
  ) {}

  static async start(options: SimulatedAndroidOptions = {}): Promise<Result<SimulatedAndroid>> {
    const profile =
      typeof options.profile === 'object' ? ok(options.profile) : loadProfile(options.profile ?? 'phone');
    if (!profile.ok) return profile;
    const operatorPackage = options.operatorPackage ?? DEFAULT_OPERATOR_PACKAGE;
    const state = new DeviceState(toDeviceStateInput(profile.value));
    startLogTraffic(state, options.logTraffic ?? { ratePerSecond: 2, seed: seedOf(profile.value.name) });
    if (options.operatorInstalled !== false) {
      state.installPackage({
        packageName: operatorPackage,
        label: 'Androperator Operator',
        versionCode: Number(1),
        versionName: '0.1.0',
        launchActivity: '.SetupActivity',
      });
    }
    if (options.operatorInstalled !== false && options.serviceEnabled !== false) {
      state.putSetting('secure', 'enabled_accessibility_services', operatorServiceComponent(operatorPackage));
      state.putSetting('secure', 'accessibility_enabled', '1');
    }
    let device: SimulatedDevice;
    try {
      device = await SimulatedDevice.start({
        state,
        ...(options.port !== undefined ? { port: options.port } : {}),
      });
    } catch (error) {
      return fail(
        'INTERNAL_ERROR',
        `The simulated device could not listen: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const clock = options.clock ?? systemClock;
    let simulated: SimulatedAndroid | null = null;
    const host: PanelWindowHost = {
      draw: (panel) => simulated?.drawPanel(panel, clock) ?? Promise.reject(new Error('not started')),
      remove: () => simulated?.removePanel(),
    };
    const operator = new SimulatedOperator({ operatorPackage, state, profile: profile.value, host, clock });
    simulated = new SimulatedAndroid(profile.value, device, operator, operatorPackage);
    device.setCaptureScreen(() => simulated.capture());
    device.commands.register('simctl', simctl(simulated.control()));
    setUiSource(state, () => simulated.uiHierarchy());
    simulated.syncAgentSocket();
    // The agent socket lives as long as the Operator app is installed.
    state.on('packages', () => simulated.syncAgentSocket());
    return ok(simulated);
  }

  get state(): DeviceState {
    return this.device.state;
  }

  get port(): number {
    return this.device.port;
  }

  /** Registers this device with an adb server (as `adb connect 127.0.0.1:<port>` or as an emulator). */
  attach(adbPort: number, mode: AttachMode = 'connect'): Promise<Result<{ serial: string }>> {
    return this.device.attach({ adbPort, mode });
  }

  /** The panel the screen shows now (drawn and acknowledged by the window host). */
  get visiblePanel(): DrawnPanel | null {
    return this.shownPanel;
  }

  async close(): Promise<void> {
    this.operator.close();
    closeTracingService(this.state);
    this.unregisterSocket?.();
    await this.device.close();
  }

  /** Scenario event: the app's main process crashes (FATAL EXCEPTION, dropbox entry, a new pid on restart). */
  crashApp(packageName: string, options?: CrashOptions): AppFaultResult {
    return crashApp(this.state, packageName, options);
  }

  /** Scenario event: the app stops responding (ANR in ..., dropbox entry, /data/anr traces). */
  anrApp(packageName: string): AppFaultResult {
    return anrApp(this.state, packageName);
  }

  /** Renders the current screen as screencap would. */
  async capture(): Promise<Uint8Array> {
    const { delayMs, fail: failing } = this.faults.screencap;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (failing) throw new Error('SurfaceFlinger capture failed');
    return renderScreen(await this.screenInput(true));
  }

  /** The active window's accessibility tree (uiautomator dump), from the same screen model capture() draws. */
  async uiHierarchy(): Promise<UiHierarchy> {
    const rotation = Math.round(this.profile.display.rotation / 90) % 4;
    return { rotation, root: screenTree(await this.screenInput(false)) };
  }

  private async screenInput(withPanel: boolean): Promise<ScreenInput> {
    const panel = withPanel && !this.faults.excludePanelFromCapture ? this.shownPanel : null;
    const look = panel?.iconPackage
      ? this.profile.apps.find((app) => app.packageName === panel.iconPackage)
      : undefined;
    const now = new Date();
    const { widthPx, heightPx } = this.state.configuration().screenSize;
    const input = screenInputFromProfile(this.profile, {
      foregroundPackage: this.state.foreground.packageName,
      pages: navigationOf(this.state).pages(this.state.foreground.packageName),
      animationFrame: navigationOf(this.state).animationFrame(this.state.foreground.packageName),
      clockText: `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`,
      panel: panel
        ? {
            layout: panel.layout,
            textColor: panel.textColor,
            backgroundColor: panel.backgroundColor,
            icon: look ? await renderAppIcon(screenAppOf(look), panel.layout.iconSizePx) : null,
          }
        : null,
    });
    return { ...input, widthPx, heightPx, densityDpi: this.state.configuration().densityDpi };
  }

  /** What the device's `simctl` command switches. */
  private control(): SimulatorControl {
    return {
      faults: this.faults,
      state: this.state,
      dropNextAgentAnswer: () => this.operator.armDropNextExecute(),
      setServiceEnabled: (enabled) => {
        const component = operatorServiceComponent(this.operatorPackage);
        const others = (this.state.getSetting('secure', 'enabled_accessibility_services') ?? '')
          .split(':')
          .filter((entry) => entry !== '' && entry !== component);
        this.state.putSetting(
          'secure',
          'enabled_accessibility_services',
          (enabled ? [...others, component] : others).join(':'),
        );
        this.state.putSetting('secure', 'accessibility_enabled', enabled || others.length > 0 ? '1' : '0');
      },
      unplugFor: (ms) => {
        setTimeout(() => {
          void this.device.unplug({ keepListening: false }).then(() => {
            setTimeout(() => void this.device.replug(), ms);
          });
        }, UNPLUG_GRACE_MS);
      },
      crashApp: (packageName) => this.crashApp(packageName),
      anrApp: (packageName) => this.anrApp(packageName),
      received: () => this.device.received(),
    };
  }

  private drawPanel(panel: DrawnPanel, clock: Clock): Promise<void> {
    const mode = this.faults.drawAcknowledgement;
    if (mode === 'withhold') return new Promise(() => undefined);
    const delay = mode === 'normal' ? FRAME_MS : mode.delayMs;
    return new Promise((resolve) => {
      clock.setTimer(() => {
        // A draw that lands after its generation was replaced or removed must not bring it back on screen.
        if (this.operator.controller.currentPanel?.generation === panel.generation) this.shownPanel = panel;
        resolve();
      }, delay);
    });
  }

  private removePanel(): void {
    this.shownPanel = null;
  }

  private syncAgentSocket(): void {
    const installed = this.state.getPackage(this.operatorPackage) !== undefined;
    if (installed && this.unregisterSocket === null) {
      this.unregisterSocket = this.device.registerAbstractSocket(
        agentSocketName(this.operatorPackage),
        (stream) => serveAgentStream(stream, this.operator),
      );
    } else if (!installed && this.unregisterSocket !== null) {
      this.unregisterSocket();
      this.unregisterSocket = null;
      this.operator.controller.detach();
    }
  }
}
