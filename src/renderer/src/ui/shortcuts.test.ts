import { describe, expect, it } from 'vitest';
import { commandFor, shortcutList, type KeyPress } from './shortcuts';

const press = (overrides: Partial<KeyPress>): KeyPress => ({
  key: '',
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  inTextField: false,
  ...overrides,
});

describe('commandFor', () => {
  it('maps Ctrl+Enter (Cmd+Enter on a Mac) to Run sequence, also while typing', () => {
    expect(commandFor(press({ key: 'Enter', ctrlKey: true, inTextField: true }), false)).toBe('runSequence');
    expect(commandFor(press({ key: 'Enter', metaKey: true }), true)).toBe('runSequence');
    expect(commandFor(press({ key: 'Enter', metaKey: true }), false)).toBeNull();
    expect(commandFor(press({ key: 'Enter' }), false)).toBeNull();
  });

  it('maps undo and redo by key position', () => {
    expect(commandFor(press({ code: 'KeyZ', key: 'z', ctrlKey: true }), false)).toBe('undo');
    expect(commandFor(press({ code: 'KeyZ', key: 'Z', ctrlKey: true, shiftKey: true }), false)).toBe('redo');
    expect(commandFor(press({ code: 'KeyY', key: 'y', ctrlKey: true }), false)).toBe('redo');
    expect(commandFor(press({ code: 'KeyY', key: 'y', metaKey: true }), true)).toBeNull();
    expect(commandFor(press({ code: 'KeyZ', key: 'z', metaKey: true, shiftKey: true }), true)).toBe('redo');
  });

  it('maps Alt+S/C/P/E/D by code, so a Mac Option character does not matter', () => {
    expect(commandFor(press({ code: 'KeyS', key: '\u00df', altKey: true }), true)).toBe('setPanel');
    expect(commandFor(press({ code: 'KeyC', key: 'c', altKey: true }), false)).toBe('clearPanel');
    expect(commandFor(press({ code: 'KeyP', key: 'p', altKey: true }), false)).toBe('takeScreenshot');
    expect(commandFor(press({ code: 'KeyE', key: 'e', altKey: true }), false)).toBe('focusEditor');
    expect(commandFor(press({ code: 'KeyD', key: 'd', altKey: true }), false)).toBe('focusDevices');
    expect(commandFor(press({ code: 'KeyS', key: 's', altKey: true, ctrlKey: true }), false)).toBeNull();
    expect(commandFor(press({ code: 'KeyX', key: 'x', altKey: true }), false)).toBeNull();
  });

  it('opens help with ? except while typing', () => {
    expect(commandFor(press({ key: '?', shiftKey: true }), false)).toBe('help');
    expect(commandFor(press({ key: '?', shiftKey: true, inTextField: true }), false)).toBeNull();
  });
});

describe('shortcutList', () => {
  it('lists every command once, with platform keys', () => {
    const list = shortcutList(false);
    expect(new Set(list.map((item) => item.command)).size).toBe(list.length);
    expect(list.find((item) => item.command === 'runSequence')?.keys).toBe('Ctrl+Enter');
    expect(shortcutList(true).find((item) => item.command === 'runSequence')?.keys).toBe('\u2318+Enter');
  });
});
