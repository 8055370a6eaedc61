// Where each app's task is: a stack of pages (the app's root screen, detail screens, dialogs) with their scroll
// positions, field text and focus. `input` changes it; the screen draws the foreground task's stack.
import { processesOf } from './processes';
import type { DeviceState } from './state';
import type { UiAction } from './uiTree';

/** One screen of an app as the renderer draws it. */
export interface NavigationPage {
  /** `root` for the app's launch screen; otherwise a page its screen model knows (e.g. `message`, `dialog:order`). */
  name: string;
  /** Which row opened the page (index into the list it came from). */
  item?: number;
  /** Scroll offset in pixels per list key. */
  scroll: Record<string, number>;
  /** Text typed into editable fields, per field key. */
  fields: Record<string, string>;
  /** The field with input focus. */
  focused?: string;
}

interface Task {
  /** The main pid the stack belongs to: a restarted process starts again at its root page. */
  pid: number | undefined;
  pages: NavigationPage[];
}

function rootPage(): NavigationPage {
  return { name: 'root', scroll: {}, fields: {} };
}

function copyPage(page: NavigationPage): NavigationPage {
  return { ...page, scroll: { ...page.scroll }, fields: { ...page.fields } };
}

/** A dialog page draws over the page below it. */
export function isDialogPage(page: NavigationPage): boolean {
  return page.name.startsWith('dialog:');
}

/** One display frame (60 Hz): an animating screen draws a new picture every frame. */
const FRAME_MS = 16;

/** Per-app navigation stacks of one device, and which apps' screens animate. */
export class DeviceNavigation {
  private readonly tasks = new Map<string, Task>();
  private readonly animating = new Set<string>();

  constructor(private readonly state: DeviceState) {}

  private task(packageName: string): Task {
    const pid = processesOf(this.state).pidOf(packageName);
    let task = this.tasks.get(packageName);
    if (!task || task.pid !== pid) {
      task = { pid, pages: [rootPage()] };
      this.tasks.set(packageName, task);
    }
    return task;
  }

  private top(packageName: string): NavigationPage {
    const pages = this.task(packageName).pages;
    return pages[pages.length - 1] as NavigationPage;
  }

  /** The app's stack from its root page to the page on top (copies). */
  pages(packageName: string): NavigationPage[] {
    return this.task(packageName).pages.map(copyPage);
  }

  /** Opens a page on top of the app's stack (`replace` swaps the top page, as a dialog's confirm does). */
  open(packageName: string, name: string, options: { item?: number; replace?: boolean } = {}): void {
    const pages = this.task(packageName).pages;
    if (options.replace && pages.length > 1) pages.pop();
    const page = rootPage();
    page.name = name;
    if (options.item !== undefined) page.item = options.item;
    pages.push(page);
  }

  /** Pops the top page; false at the app's root (Back then leaves the app). */
  back(packageName: string): boolean {
    const pages = this.task(packageName).pages;
    if (pages.length <= 1) return false;
    pages.pop();
    return true;
  }

  focus(packageName: string, field: string): void {
    this.top(packageName).focused = field;
  }

  /** Appends to the focused field; false when no field has focus. */
  type(packageName: string, text: string): boolean {
    const page = this.top(packageName);
    if (page.focused === undefined) return false;
    page.fields[page.focused] = (page.fields[page.focused] ?? '') + text;
    return true;
  }

  /** KEYCODE_DEL: removes the last character of the focused field. */
  deleteBackward(packageName: string): void {
    const page = this.top(packageName);
    if (page.focused === undefined) return;
    const text = page.fields[page.focused] ?? '';
    page.fields[page.focused] = [...text].slice(0, -1).join('');
  }

  /** Scenario: the app's screen animates without end (a moving progress bar), so it never goes idle. */
  setAnimating(packageName: string, animating: boolean): void {
    if (animating) this.animating.add(packageName);
    else this.animating.delete(packageName);
  }

  /** The frame number an animating app's screen shows now (device clock); undefined when it is idle. */
  animationFrame(packageName: string): number | undefined {
    return this.animating.has(packageName) ? Math.floor(this.state.now() / FRAME_MS) : undefined;
  }

  /** Scrolls a list of the top page by `deltaPx` (positive moves the content up), within [0, maxPx]. */
  scroll(packageName: string, key: string, deltaPx: number, maxPx: number): void {
    const page = this.top(packageName);
    const next = Math.round(Math.min(Math.max(0, (page.scroll[key] ?? 0) + deltaPx), Math.max(0, maxPx)));
    if (next === 0) delete page.scroll[key];
    else page.scroll[key] = next;
  }
}

const navigations = new WeakMap<DeviceState, DeviceNavigation>();

export function navigationOf(state: DeviceState): DeviceNavigation {
  let navigation = navigations.get(state);
  if (!navigation) {
    navigation = new DeviceNavigation(state);
    navigations.set(state, navigation);
  }
  return navigation;
}

/** Brings an app's task to the front as the launcher (and `am start`) do: its process starts, it takes the foreground. */
export function launchApp(state: DeviceState, packageName: string): boolean {
  const activity = state.getPackage(packageName)?.launchActivity;
  if (activity === undefined) return false;
  processesOf(state).start(packageName);
  state.setForeground({ packageName, activity });
  return true;
}

/** KEYCODE_BACK: closes the top page, or at an app's root shows the launcher. */
export function goBack(state: DeviceState): void {
  const { packageName } = state.foreground;
  if (packageName === state.launcher.packageName) return;
  if (!navigationOf(state).back(packageName)) state.goHome();
}

/** Runs a node's click handler in the foreground app. */
export function runUiAction(state: DeviceState, action: UiAction): void {
  const { packageName } = state.foreground;
  const navigation = navigationOf(state);
  if (action.kind === 'launch') launchApp(state, action.packageName);
  else if (action.kind === 'back') goBack(state);
  else if (action.kind === 'focus') navigation.focus(packageName, action.field);
  else {
    navigation.open(packageName, action.page, {
      ...(action.item !== undefined ? { item: action.item } : {}),
      ...(action.replace ? { replace: true } : {}),
    });
  }
}
