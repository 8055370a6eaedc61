import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { runShell } from '../../../test-support/runShell';
import { filesOf } from '../../device/files';
import { DeviceState } from '../../device/state';

function png(width: number, height: number): Buffer {
  return PNG.sync.write(new PNG({ width, height }));
}

describe('content query', () => {
  it('reads settings rows with a projection and a where clause, as the content tool prints them', async () => {
    const state = new DeviceState();
    const run = await runShell(
      `content query --uri content://settings/global --projection name:value --where "name='airplane_mode_on'"`,
      { state },
    );
    expect(run.stdout.toString()).toBe('Row: 0 name=airplane_mode_on, value=0\n');
    const all = (
      await runShell('content query --uri content://settings/secure', { state })
    ).stdout.toString();
    expect(all).toMatch(/^Row: 0 _id=1, name=\w+, value=/);
    expect(all.split('\n').filter(Boolean)).toHaveLength(state.listSettings('secure').length);
    const none = await runShell(`content query --uri content://settings/system --where "name='nope'"`, {
      state,
    });
    expect(none.stdout.toString()).toBe('No result found.\n');
  });

  it('lists image files in shared storage as media store rows, with PNG sizes, sorted on request', async () => {
    const state = new DeviceState();
    const files = filesOf(state);
    files.write('/sdcard/DCIM/Camera/IMG_0001.png', {
      data: png(4, 3),
      mode: 0o660,
      mtimeSeconds: 1_700_000_000,
    });
    files.write('/sdcard/Pictures/shot.png', { data: png(2, 2), mode: 0o660, mtimeSeconds: 1_700_000_100 });
    files.write('/sdcard/Pictures/notes.txt', { data: Buffer.from('x'), mode: 0o660, mtimeSeconds: 1 });
    const run = await runShell(
      'content query --uri content://media/external/images/media --projection _display_name:relative_path:width:height:mime_type --sort "date_added DESC"',
      { state },
    );
    expect(run.stdout.toString()).toBe(
      'Row: 0 _display_name=shot.png, relative_path=Pictures/, width=2, height=2, mime_type=image/png\n' +
        'Row: 1 _display_name=IMG_0001.png, relative_path=DCIM/Camera/, width=4, height=3, mime_type=image/png\n',
    );
    const like = await runShell(
      `content query --uri content://media/external/images/media --projection _data --where "_display_name LIKE 'IMG%'"`,
      { state },
    );
    expect(like.stdout.toString()).toBe('Row: 0 _data=/storage/emulated/0/DCIM/Camera/IMG_0001.png\n');
  });

  it('answers unknown providers, columns and bad clauses with the provider error on stderr and exit 0', async () => {
    const unknown = await runShell('content query --uri content://com.example.nothing/items');
    expect(unknown.status).toBe(0);
    expect(unknown.stderr.toString()).toBe(
      'Error while accessing provider:com.example.nothing\njava.lang.IllegalArgumentException: Unknown URI content://com.example.nothing/items\n',
    );
    const column = await runShell('content query --uri content://settings/global --projection nope');
    expect(column.stderr.toString()).toContain('SQLiteException: no such column: nope');
    const clause = await runShell(`content query --uri content://settings/global --where "name IN (1,2)"`);
    expect(clause.status).toBe(0);
    expect(clause.stderr.toString()).toContain('syntax error');
    expect((await runShell('content query')).stderr.toString()).toBe(
      'Error: Content provider URI not specified\n',
    );
  });
});
