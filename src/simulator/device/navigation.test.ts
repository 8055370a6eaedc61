import { describe, expect, it } from 'vitest';
import { goBack, launchApp, navigationOf, runUiAction } from './navigation';
import { processesOf } from './processes';
import { DeviceState } from './state';

const MAIL = 'com.simmail.android';

function device(): DeviceState {
  return new DeviceState({ packages: [{ packageName: MAIL, launchActivity: '.Inbox' }] });
}

describe('navigation stacks', () => {
  it('launching an app starts its process and brings it to the front at its root page', () => {
    const state = device();
    expect(processesOf(state).pidOf(MAIL)).toBeUndefined();
    expect(launchApp(state, MAIL)).toBe(true);
    expect(state.foreground).toEqual({ packageName: MAIL, activity: `${MAIL}.Inbox` });
    expect(processesOf(state).pidOf(MAIL)).toBeGreaterThan(0);
    expect(
      navigationOf(state)
        .pages(MAIL)
        .map((page) => page.name),
    ).toEqual(['root']);
    expect(launchApp(state, 'com.not.installed')).toBe(false);
  });

  it('opens pages on top, Back pops them, and Back at the root goes to the launcher', () => {
    const state = device();
    launchApp(state, MAIL);
    runUiAction(state, { kind: 'open', page: 'message', item: 3 });
    runUiAction(state, { kind: 'open', page: 'dialog:delete' });
    expect(
      navigationOf(state)
        .pages(MAIL)
        .map((page) => [page.name, page.item]),
    ).toEqual([
      ['root', undefined],
      ['message', 3],
      ['dialog:delete', undefined],
    ]);
    runUiAction(state, { kind: 'open', page: 'deleted', replace: true });
    expect(
      navigationOf(state)
        .pages(MAIL)
        .map((page) => page.name),
    ).toEqual(['root', 'message', 'deleted']);
    goBack(state);
    goBack(state);
    expect(state.foreground.packageName).toBe(MAIL);
    goBack(state);
    expect(state.foreground.packageName).toBe(state.launcher.packageName);
    // Back on the launcher stays there.
    goBack(state);
    expect(state.foreground.packageName).toBe(state.launcher.packageName);
  });

  it('keeps a task across Home and relaunch, and starts again at the root after the process restarts', () => {
    const state = device();
    launchApp(state, MAIL);
    runUiAction(state, { kind: 'open', page: 'message', item: 1 });
    state.goHome();
    launchApp(state, MAIL);
    expect(
      navigationOf(state)
        .pages(MAIL)
        .map((page) => page.name),
    ).toEqual(['root', 'message']);
    processesOf(state).stop(MAIL);
    launchApp(state, MAIL);
    expect(
      navigationOf(state)
        .pages(MAIL)
        .map((page) => page.name),
    ).toEqual(['root']);
  });

  it('types into the focused field only, deletes backwards, and clamps scrolling to the list', () => {
    const state = device();
    launchApp(state, MAIL);
    const navigation = navigationOf(state);
    expect(navigation.type(MAIL, 'lost')).toBe(false);
    runUiAction(state, { kind: 'focus', field: 'search' });
    expect(navigation.type(MAIL, 'Café')).toBe(true);
    navigation.type(MAIL, ' au lait');
    navigation.deleteBackward(MAIL);
    navigation.scroll(MAIL, 'threads', 500, 300);
    let [page] = navigation.pages(MAIL);
    expect(page).toMatchObject({
      focused: 'search',
      fields: { search: 'Café au lai' },
      scroll: { threads: 300 },
    });
    navigation.scroll(MAIL, 'threads', -120.4, 300);
    [page] = navigation.pages(MAIL);
    expect(page?.scroll).toEqual({ threads: 180 });
    navigation.scroll(MAIL, 'threads', -1000, 300);
    [page] = navigation.pages(MAIL);
    expect(page?.scroll).toEqual({});
  });
});
