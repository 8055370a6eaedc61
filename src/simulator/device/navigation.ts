// Where each app's task is: a stack of pages (the app's root screen, detail screens, dialogs) with their scroll
// positions, field text and focus. `input` changes it; the screen draws the foreground task's stack. A page opened
// as its own activity is also an entry of the task's activity back stack (what `dumpsys activity` lists).
import { processesOf } from './processes';
import { qualifyActivity } from './stateDefaults';
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
  /** The node with D-pad focus (its UiNode.focusKey); unset in touch mode. */
  focusKey?: string;
  /** Fully qualified activity class when the page is an activity of its own (a detail activity). */
  activity?: string;
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
  open(
    packageName: string,
    name: string,
    options: { item?: number; replace?: boolean; activity?: string; focused?: string } = {},
  ): void {
    const pages = this.task(packageName).pages;
    if (options.replace && pages.length > 1) pages.pop();
    const page = rootPage();
    page.name = name;
    if (options.item !== undefined) page.item = options.item;
    if (options.activity !== undefined) page.activity = qualifyActivity(packageName, options.activity);
    if (options.focused !== undefined) page.focused = options.focused;
    pages.push(page);
  }

  /**
   * The task's activities, root first: the launch activity, then every page opened as an activity. Empty for a
   * package without a launch activity.
   */
  activities(packageName: string): string[] {
    const root = this.state.getPackage(packageName)?.launchActivity;
    if (root === undefined) return [];
    const pages = this.task(packageName).pages.slice(1);
    return [root, ...pages.flatMap((page) => (page.activity === undefined ? [] : [page.activity]))];
  }

  /** The activity on top of the app's task (its launch activity when no detail activity is open). */
  topActivity(packageName: string): string | undefined {
    return this.activities(packageName).at(-1);
  }

  /** D-pad focus moves to the node `focusKey`; `field` is the editable field it is (text then goes there). */
  setFocus(packageName: string, focusKey: string, field?: string): void {
    const page = this.top(packageName);
    page.focusKey = focusKey;
    if (field === undefined) delete page.focused;
    else page.focused = field;
  }

  /** A touch leaves D-pad focus (touch mode): no node keeps a focus highlight. */
  enterTouchMode(packageName: string): void {
    delete this.top(packageName).focusKey;
  }

  /** Pops the top page; false at the app's root (Back then leaves the app). */
  back(packageName: string): boolean {
    const pages = this.task(packageName).pages;
    if (pages.length <= 1) return false;
    pages.pop();
    return true;
  }

  focus(packageName: string, field: string): void {
    const page = this.top(packageName);
    page.focused = field;
    delete page.focusKey;
  }

  /** Appends to the focused field; false when no field has focus. */
  type(packageName: string, text: string): boolean {
    const page = this.top(packageName);
    if (page.focused === undefined) return false;
    page.fields[page.focused] = (page.fields[page.focused] ?? '') + text;
    return true;
  }

  /** The text of a field of the top page ("" when nothing was typed into it). */
  fieldText(packageName: string, field: string): string {
    return this.top(packageName).fields[field] ?? '';
  }

  /** ACTION_SET_TEXT (the Operator's set_text): the field of the top page holds exactly `text` now. */
  setFieldText(packageName: string, field: string, text: string): void {
    this.top(packageName).fields[field] = text;
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

  /** Turns a pager of the top page by `delta` pages, within its pages (no wrap); kept with the scroll offsets. */
  turnPage(packageName: string, pager: { key: string; pages: number }, delta: number): void {
    const page = this.top(packageName);
    const next = Math.min(Math.max(0, (page.scroll[pager.key] ?? 0) + delta), Math.max(0, pager.pages - 1));
    if (next === 0) delete page.scroll[pager.key];
    else page.scroll[pager.key] = next;
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
  if (state.getPackage(packageName)?.launchActivity === undefined) return false;
  processesOf(state).start(packageName);
  // A running task comes back with its top activity (a detail screen left open stays open).
  const activity = navigationOf(state).topActivity(packageName);
  if (activity !== undefined) state.setForeground({ packageName, activity });
  return true;
}

/** The foreground activity follows the top of the foreground app's back stack. */
function syncForeground(state: DeviceState, packageName: string): void {
  const activity = navigationOf(state).topActivity(packageName);
  if (state.foreground.packageName === packageName && activity !== undefined)
    state.setForeground({ packageName, activity });
}

/** KEYCODE_BACK: closes the top page (finishing its activity), or at an app's root shows the launcher. */
export function goBack(state: DeviceState): void {
  const { packageName } = state.foreground;
  // On the home screen Back only closes what the launcher shows over it (an icon's shortcut popup).
  if (packageName === state.launcher.packageName) navigationOf(state).back(packageName);
  else if (!navigationOf(state).back(packageName)) state.goHome();
  else syncForeground(state, packageName);
}

function closeDialogs(navigation: DeviceNavigation, packageName: string): void {
  while (navigation.pages(packageName).at(-1)?.name.startsWith('dialog:') && navigation.back(packageName));
}

/** Runs a node's click handler in the foreground app. */
export function runUiAction(state: DeviceState, action: UiAction): void {
  const { packageName } = state.foreground;
  const navigation = navigationOf(state);
  if (action.kind === 'launch') {
    // The launcher's shortcut popup closes as the app it launched comes up.
    if (packageName === state.launcher.packageName) closeDialogs(navigation, packageName);
    launchApp(state, action.packageName);
  } else if (action.kind === 'back') goBack(state);
  else if (action.kind === 'focus') navigation.focus(packageName, action.field);
  else {
    navigation.open(packageName, action.page, {
      ...(action.item !== undefined ? { item: action.item } : {}),
      ...(action.replace ? { replace: true } : {}),
      ...(action.activity !== undefined ? { activity: action.activity } : {}),
      ...(action.focused !== undefined ? { focused: action.focused } : {}),
    });
    syncForeground(state, packageName);
  }
}
