import { describe, expect, it, vi } from 'vitest';
import { createFakeClient, createTestStore, settle } from '../../../test-support/rendererStore';
import { filterActions, paletteActions } from '../ui/CommandPalette';
import { shortcutList } from '../ui/shortcuts';
import { screenCommands, screenShortcutList } from './screenCommands';

// CommandPalette's module reads navigator.platform (Cmd or Ctrl) as it loads; Node 20 has no navigator.
vi.hoisted(() => vi.stubGlobal('navigator', { platform: 'Linux x86_64', userAgent: 'node' }));

function setup() {
  const client = createFakeClient({
    'screen:tree': ({ serial }) => ({
      ok: false,
      error: { code: 'DEVICE_NOT_FOUND', message: `${serial} gone` },
    }),
  });
  const { store } = createTestStore(client);
  const commands = screenCommands();
  const run = (id: string): void => {
    const command = commands.find((entry) => entry.id === id);
    if (command === undefined) throw new Error(`no command ${id}`);
    command.run(store);
  };
  return { client, store, run };
}

describe('the Screen view in the command palette', () => {
  it('lists open, freeze (F) and refresh after the global shortcuts, found by "live screen"', () => {
    const actions = paletteActions(false);
    const ids = actions.map((action) => action.id);
    const globals = shortcutList(false).filter((shortcut) => shortcut.command !== 'palette').length;
    expect(ids.slice(globals, globals + 3)).toEqual(['screen-open', 'screen-freeze', 'screen-refresh-tree']);
    // The designer's background switch also names the live screen; the Screen view's entries follow it.
    expect(filterActions(actions, 'live screen').map((action) => [action.label, action.keys])).toEqual([
      ['Switch the preview background (without panel, live screen, neutral)', 'B'],
      ['Open live screen', undefined],
      ['Freeze / resume live screen', 'F'],
      ['Refresh the live screen UI tree', undefined],
    ]);
    expect(new Set(ids).size).toBe(ids.length);
    // The help lists the view's key with what it does and where it works.
    expect(screenShortcutList()).toEqual([
      { keys: 'F', description: 'Live screen (in the view): freeze / resume' },
      { keys: '/', description: 'Live screen (in the view): focus the Find field' },
    ]);
  });

  it('"Open live screen" switches to Diagnostics and opens the panel through the store; without a device it says to select one', () => {
    const { store, run } = setup();
    run('screen-open');
    expect(store.getState().area).not.toBe('diagnostics');
    expect(store.getState().screen).toMatchObject({ panelOpen: false, focusPending: false });
    expect(store.getState().notices.at(-1)).toMatchObject({
      tone: 'error',
      text: expect.stringMatching(/Select a device/),
    });
    store.setState({ targetSerial: 'tv-1' });
    run('screen-open');
    expect(store.getState().area).toBe('diagnostics');
    // Diagnostics reads the flag to open the panel; the view clears the focus request once it took the focus.
    expect(store.getState().screen).toMatchObject({ panelOpen: true, focusPending: true });
    store.getState().screenFocusTaken();
    expect(store.getState().screen).toMatchObject({ panelOpen: true, focusPending: false });
    // Closing the panel by hand is the same flag.
    store.getState().screenSetPanelOpen(false);
    expect(store.getState().screen.panelOpen).toBe(false);
  });

  it('freeze toggles the followed live screen; refresh reads its tree unless frozen; both need it open', async () => {
    const { client, store, run } = setup();
    run('screen-freeze');
    run('screen-refresh-tree');
    expect(store.getState().screen.frozen).toBe(false);
    expect(client.callsTo('screen:tree')).toEqual([]);
    expect(store.getState().notices.map((notice) => notice.text)).toEqual([
      expect.stringMatching(/Open the live screen first/),
      expect.stringMatching(/Open the live screen first/),
    ]);
    store.getState().screenFollow('tv-1', true);
    run('screen-refresh-tree');
    await settle();
    expect(client.callsTo('screen:tree')).toEqual([{ serial: 'tv-1' }]);
    expect(store.getState().screen.treeError?.code).toBe('DEVICE_NOT_FOUND');
    run('screen-freeze');
    expect(store.getState().screen.frozen).toBe(true);
    run('screen-refresh-tree');
    await settle();
    expect(client.callsTo('screen:tree')).toHaveLength(1);
    expect(store.getState().notices.at(-1)?.text).toMatch(/frozen: resume it \(F\)/);
    run('screen-freeze');
    expect(store.getState().screen.frozen).toBe(false);
    store.getState().screenFollow(null, false);
  });
});
