import { EventEmitter } from 'node:events';
import {
  defaultFeatures,
  DEFAULT_LAUNCHER,
  DEFAULT_PROPERTIES,
  DEFAULT_SETTINGS,
  packageInfo,
  qualifyActivity,
  SYSTEM_PACKAGES,
} from './stateDefaults';
import {
  SETTINGS_NAMESPACES,
  type BroadcastIntent,
  type Component,
  type Configuration,
  type ConfigurationReason,
  type DeviceStateEvents,
  type DeviceStateOptions,
  type InputEvent,
  type LogBuffer,
  type LogEntry,
  type LogInput,
  type LogSource,
  type PackageInfo,
  type PackageOptions,
  type ScreenSize,
  type SettingsNamespace,
} from './stateTypes';

export * from './stateTypes';
export {
  DEFAULT_FEATURES,
  DEFAULT_PROPERTIES,
  DEFAULT_SETTINGS,
  qualifyActivity,
  SETTINGS_PACKAGE,
  shortComponent,
} from './stateDefaults';

// The mutable state of one simulated device: what shell commands read and write, and what later modules
// (Operator, screen renderer) observe through events.

/** The simulated device's mutable state plus a typed event emitter. */
export class DeviceState {
  readonly now: () => number;
  /** When the device booted (epoch ms): an hour before the state was made, as /proc/uptime says. */
  readonly bootTimeMs: number;
  readonly launcher: Component;
  readonly features: readonly string[];
  private readonly properties = new Map<string, string>();
  private readonly settings = new Map<SettingsNamespace, Map<string, string>>();
  private readonly packages = new Map<string, PackageInfo>();
  private readonly physicalSize: ScreenSize;
  private readonly physicalDensity: number;
  private sizeOverride: ScreenSize | undefined;
  private densityOverride: number | undefined;
  private foregroundComponent: Component;
  private readonly logBuffers = new Map<LogBuffer, LogEntry[]>();
  private readonly logCapacity: number;
  private readonly logSources: LogSource[] = [];
  private catchingUp = false;
  private readonly inputEvents: InputEvent[] = [];
  private readonly emitter = new EventEmitter();

  constructor(options: DeviceStateOptions = {}) {
    this.now = options.now ?? Date.now;
    this.bootTimeMs = this.now() - 3_605_210;
    this.logCapacity = Math.max(1, options.logCapacity ?? 5000);
    this.physicalSize = { ...(options.screenSize ?? { widthPx: 1080, heightPx: 2400 }) };
    this.physicalDensity = options.densityDpi ?? 420;
    this.emitter.setMaxListeners(0);
    for (const [key, value] of Object.entries({ ...DEFAULT_PROPERTIES, ...options.properties }))
      this.properties.set(key, value);
    this.features = [...(options.features ?? defaultFeatures((key) => this.properties.get(key)))];
    if (options.densityDpi !== undefined && options.properties?.['ro.sf.lcd_density'] === undefined) {
      this.properties.set('ro.sf.lcd_density', String(options.densityDpi));
    }
    for (const namespace of SETTINGS_NAMESPACES) {
      this.settings.set(
        namespace,
        new Map(Object.entries({ ...DEFAULT_SETTINGS[namespace], ...options.settings?.[namespace] })),
      );
    }
    const launcher = options.launcher ?? DEFAULT_LAUNCHER;
    this.launcher = {
      packageName: launcher.packageName,
      activity: qualifyActivity(launcher.packageName, launcher.activity),
    };
    const launcherPackage: PackageOptions = {
      packageName: this.launcher.packageName,
      label: 'Launcher',
      system: true,
      launchActivity: this.launcher.activity,
    };
    for (const item of [launcherPackage, ...SYSTEM_PACKAGES, ...(options.packages ?? [])])
      this.packages.set(item.packageName, packageInfo(item));
    const foreground = options.foreground ?? this.launcher;
    this.foregroundComponent = {
      packageName: foreground.packageName,
      activity: qualifyActivity(foreground.packageName, foreground.activity),
    };
  }

  /** Subscribes to one event; returns the unsubscribe function. */
  on<K extends keyof DeviceStateEvents>(
    event: K,
    listener: (payload: DeviceStateEvents[K]) => void,
  ): () => void {
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }

  private emit<K extends keyof DeviceStateEvents>(event: K, payload: DeviceStateEvents[K]): void {
    this.emitter.emit(event, payload);
  }

  // Properties ------------------------------------------------------------------------------------

  getProperty(key: string): string | undefined {
    return this.properties.get(key);
  }

  /** Sorted by key, as `getprop` prints them. */
  listProperties(): Array<[string, string]> {
    return [...this.properties.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** Sets a property; `persist.sys.locale` is a locale (configuration) change. */
  setProperty(key: string, value: string): void {
    if (key === 'persist.sys.locale') {
      this.setLocale(value);
      return;
    }
    this.properties.set(key, value);
    this.emit('property', { key, value });
  }

  get locale(): string {
    return this.properties.get('persist.sys.locale') ?? 'en-US';
  }

  setLocale(locale: string): void {
    const previous = this.locale;
    this.properties.set('persist.sys.locale', locale);
    this.emit('property', { key: 'persist.sys.locale', value: locale });
    if (previous === locale) return;
    this.emit('locale', { previous, locale });
    this.emitConfiguration('locale');
  }

  /** ro.build.version.sdk as a number (0 when unparsable). */
  get sdkLevel(): number {
    const level = Number.parseInt(this.properties.get('ro.build.version.sdk') ?? '', 10);
    return Number.isFinite(level) ? level : 0;
  }

  // Settings --------------------------------------------------------------------------------------

  getSetting(namespace: SettingsNamespace, key: string): string | undefined {
    return this.settings.get(namespace)?.get(key);
  }

  listSettings(namespace: SettingsNamespace): Array<[string, string]> {
    return [...(this.settings.get(namespace)?.entries() ?? [])].sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
  }

  putSetting(namespace: SettingsNamespace, key: string, value: string): void {
    const previousScale = this.fontScale;
    this.settings.get(namespace)?.set(key, value);
    this.settingChanged(namespace, key, value, previousScale);
  }

  /** Removes a setting; false when it did not exist. */
  deleteSetting(namespace: SettingsNamespace, key: string): boolean {
    const previousScale = this.fontScale;
    const existed = this.settings.get(namespace)?.delete(key) ?? false;
    if (existed) this.settingChanged(namespace, key, null, previousScale);
    return existed;
  }

  private settingChanged(
    namespace: SettingsNamespace,
    key: string,
    value: string | null,
    previousScale: number,
  ): void {
    this.emit('settings', { namespace, key, value });
    if (namespace === 'system' && key === 'font_scale' && this.fontScale !== previousScale)
      this.emitConfiguration('font-scale');
  }

  /** system font_scale as a number; 1 when missing or unparsable. */
  get fontScale(): number {
    const scale = Number.parseFloat(this.getSetting('system', 'font_scale') ?? '');
    return Number.isFinite(scale) && scale > 0 ? scale : 1;
  }

  // Display ---------------------------------------------------------------------------------------

  get display(): {
    physicalSize: ScreenSize;
    overrideSize: ScreenSize | undefined;
    physicalDensity: number;
    overrideDensity: number | undefined;
  } {
    return {
      physicalSize: { ...this.physicalSize },
      overrideSize: this.sizeOverride ? { ...this.sizeOverride } : undefined,
      physicalDensity: this.physicalDensity,
      overrideDensity: this.densityOverride,
    };
  }

  /** The current configuration: effective size and density (override or physical), font scale, locale. */
  configuration(): Configuration {
    return {
      screenSize: { ...(this.sizeOverride ?? this.physicalSize) },
      densityDpi: this.densityOverride ?? this.physicalDensity,
      fontScale: this.fontScale,
      locale: this.locale,
    };
  }

  /** `wm size WxH` (or undefined for `wm size reset`); a change emits 'configuration'. */
  setSizeOverride(size: ScreenSize | undefined): void {
    const before = this.configuration().screenSize;
    this.sizeOverride = size ? { ...size } : undefined;
    const after = this.configuration().screenSize;
    if (before.widthPx !== after.widthPx || before.heightPx !== after.heightPx)
      this.emitConfiguration('display-size');
  }

  /** `wm density N` (or undefined for `wm density reset`); a change emits 'configuration'. */
  setDensityOverride(densityDpi: number | undefined): void {
    const before = this.configuration().densityDpi;
    this.densityOverride = densityDpi;
    if (this.configuration().densityDpi !== before) this.emitConfiguration('display-density');
  }

  private emitConfiguration(reason: ConfigurationReason): void {
    this.emit('configuration', { reason, configuration: this.configuration() });
  }

  // Packages and activities -----------------------------------------------------------------------

  listPackages(): PackageInfo[] {
    return [...this.packages.values()].map((info) => ({ ...info }));
  }

  getPackage(packageName: string): PackageInfo | undefined {
    const info = this.packages.get(packageName);
    return info ? { ...info } : undefined;
  }

  /** Installs or updates a package; an update keeps the first install time. */
  installPackage(options: PackageOptions): void {
    const now = this.now();
    const firstInstallTimeMs = this.packages.get(options.packageName)?.firstInstallTimeMs ?? now;
    this.packages.set(options.packageName, {
      ...packageInfo(options),
      firstInstallTimeMs,
      lastUpdateTimeMs: now,
    });
    this.emit('packages', { packageName: options.packageName, change: 'installed' });
  }

  /** Removes a package (the launcher takes the foreground if it was there); false when not installed. */
  uninstallPackage(packageName: string): boolean {
    if (!this.packages.delete(packageName)) return false;
    if (this.foregroundComponent.packageName === packageName) this.goHome();
    this.emit('packages', { packageName, change: 'removed' });
    return true;
  }

  get foreground(): Component {
    return { ...this.foregroundComponent };
  }

  /** Brings an activity to the front; emits 'foreground' when it changes. */
  setForeground(component: Component): void {
    const current = {
      packageName: component.packageName,
      activity: qualifyActivity(component.packageName, component.activity),
    };
    const previous = this.foregroundComponent;
    if (previous.packageName === current.packageName && previous.activity === current.activity) return;
    this.foregroundComponent = current;
    this.emit('foreground', { previous: { ...previous }, current: { ...current } });
  }

  goHome(): void {
    this.setForeground(this.launcher);
  }

  // Log, input, broadcasts ------------------------------------------------------------------------

  /**
   * Appends to a log buffer (default main; time defaults to the device clock, pid/tid to 1000, uid to 1000) and
   * emits 'log'. Lazy log sources catch up first, so entries stay in time order.
   */
  appendLog(input: LogInput): LogEntry {
    if (!this.catchingUp) this.catchUpLogs();
    const pid = input.pid ?? 1000;
    const entry: LogEntry = {
      timeMs: input.timeMs ?? this.now(),
      pid,
      tid: input.tid ?? pid,
      uid: input.uid ?? 1000,
      priority: input.priority,
      tag: input.tag,
      message: input.message,
      buffer: input.buffer ?? 'main',
    };
    if (input.event) entry.event = input.event;
    let entries = this.logBuffers.get(entry.buffer);
    if (!entries) {
      entries = [];
      this.logBuffers.set(entry.buffer, entries);
    }
    entries.push(entry);
    if (entries.length > this.logCapacity) entries.splice(0, entries.length - this.logCapacity);
    this.emit('log', entry);
    return entry;
  }

  /** Adds a lazy writer (e.g. background log traffic); it is asked to catch up before every read. */
  addLogSource(source: LogSource): () => void {
    this.logSources.push(source);
    return () => {
      const index = this.logSources.indexOf(source);
      if (index >= 0) this.logSources.splice(index, 1);
    };
  }

  /** Lets lazy log sources write what they owe up to now (emitting 'log' for each entry). */
  catchUpLogs(): void {
    if (this.catchingUp) return;
    this.catchingUp = true;
    try {
      const now = this.now();
      for (const source of this.logSources) source.catchUp(now);
    } finally {
      this.catchingUp = false;
    }
  }

  /** A copy of the buffered log of `buffers` (default all), merged oldest first as logd reads it. */
  logs(buffers?: readonly LogBuffer[]): LogEntry[] {
    this.catchUpLogs();
    const chosen = [...this.logBuffers.entries()].filter(([name]) => !buffers || buffers.includes(name));
    // A stable sort over the concatenation keeps each buffer's write order for equal times.
    return chosen.flatMap(([, entries]) => entries).sort((a, b) => a.timeMs - b.timeMs);
  }

  /** Entries and capacity of one buffer, for `logcat -g`. */
  logBufferUsage(buffer: LogBuffer): { entries: number; bytes: number; capacityEntries: number } {
    const entries = this.logBuffers.get(buffer) ?? [];
    const bytes = entries.reduce((sum, entry) => sum + 28 + entry.tag.length + entry.message.length + 3, 0);
    return { entries: entries.length, bytes, capacityEntries: this.logCapacity };
  }

  /** Empties `buffers` (default all). */
  clearLogs(buffers?: readonly LogBuffer[]): void {
    this.catchUpLogs();
    for (const [name, entries] of this.logBuffers) if (!buffers || buffers.includes(name)) entries.length = 0;
  }

  /** Records an `input` command (kept in inputHistory, not in the log buffer) and emits 'input'. */
  recordInput(event: InputEvent): void {
    this.inputEvents.push(event);
    if (this.inputEvents.length > 1000) this.inputEvents.shift();
    this.emit('input', event);
  }

  inputHistory(): InputEvent[] {
    return [...this.inputEvents];
  }

  /** Announces an `am broadcast` intent to subscribers (e.g. a simulated Operator's receiver). */
  sendBroadcast(intent: BroadcastIntent): void {
    this.emit('broadcast', intent);
  }
}
