import { describe, expect, it } from 'vitest';
import { DeviceState } from '../device/state';
import { filesOf } from '../device/files';
import { runShell } from '../../test-support/runShell';

// The shell language host tools rely on: statuses, variables, quoting, sh -c, exec, exit, trap, substitution.

const out = async (line: string, state?: DeviceState): Promise<string> =>
  (await runShell(line, state ? { state } : {})).stdout.toString();

describe('exit statuses', () => {
  it('expands $? to the status of the last pipeline', async () => {
    expect(await out('false; echo $?')).toBe('1\n');
    expect(await out('true; echo $?')).toBe('0\n');
    expect(await out('nope 2>/dev/null; echo $?')).toBe('127\n');
    expect(await out('echo abc | grep -q zzz; echo $?')).toBe('1\n');
    expect(await out('! false; echo $?')).toBe('0\n');
  });

  it("answers adbutils' shell2 suffix with the command's status", async () => {
    expect(await out('getprop ro.build.version.sdk; echo X4EXIT:$?')).toBe('34\nX4EXIT:0\n');
    expect(await out('false; echo X4EXIT:$?')).toBe('X4EXIT:1\n');
  });

  it('exit N ends the shell with N (mod 256); bare exit keeps $?', async () => {
    const run = await runShell('echo before; exit 3; echo after');
    expect(run.stdout.toString()).toBe('before\n');
    expect(run.status).toBe(3);
    expect((await runShell('exit 258')).status).toBe(2);
    expect((await runShell('false; exit')).status).toBe(1);
    const bad = await runShell('exit abc');
    expect(bad.stderr).toBe('/system/bin/sh: exit: abc: bad number\n');
    expect(bad.status).toBe(1);
  });

  it('exit inside a pipeline stage, ( ) or $( ) ends only that subshell', async () => {
    expect((await runShell('(exit 4); echo $?')).stdout.toString()).toBe('4\n');
    expect((await runShell('echo $(echo in; exit 5) $?')).stdout.toString()).toBe('in 0\n');
    expect((await runShell('exit 6 | true; echo $?')).stdout.toString()).toBe('0\n');
  });

  it('an assignment-only command takes the status of its last command substitution', async () => {
    expect(await out('A=$(false); echo $?')).toBe('1\n');
  });
});

describe('variables and quoting', () => {
  it('expands $VAR, ${VAR} and the ${VAR:-default} family', async () => {
    expect(await out('A=1; echo $A ${A}x "$A" \'$A\'')).toBe('1 1x 1 $A\n');
    expect(await out('echo [${UNSET:-def}] [${UNSET-d2}] [${UNSET:+alt}] [$UNSET]')).toBe(
      '[def] [d2] [] []\n',
    );
    expect(await out('A=abc; echo ${#A} ${A:+set}')).toBe('3 set\n');
    expect(await out('echo ${B:=given}; echo $B')).toBe('given\ngiven\n');
    expect(await out(`echo \${X:-$HOME/"a b"} "\${X:-'q'}" \${HOME:+$(echo alt)} \${X:-\${Y:-deep}}`)).toBe(
      "//a b 'q' alt deep\n",
    );
    expect(await out('echo ${HOME:-$(echo never >&2)}')).toBe('/\n');
    const failed = await runShell('echo ${NEED:?must be set}; echo after');
    expect(failed.stderr).toBe('/system/bin/sh: NEED: must be set\n');
    expect(failed.status).toBe(1);
    expect(failed.stdout.length).toBe(0);
  });

  it('splits unquoted expansions into fields and keeps quoted ones whole', async () => {
    const state = new DeviceState();
    await runShell('A="x   y"; echo $A > /data/local/tmp/u; echo "$A" > /data/local/tmp/q', { state });
    expect(filesOf(state).read('/data/local/tmp/u')?.data.toString()).toBe('x y\n');
    expect(filesOf(state).read('/data/local/tmp/q')?.data.toString()).toBe('x   y\n');
    expect(await out('set -- $EMPTY; echo $#; set -- "$EMPTY"; echo $#')).toBe('0\n1\n');
  });

  it('applies A=1 cmd to that command only', async () => {
    expect(await out('A=1 printenv A; echo [$A]')).toBe('1\n[]\n');
    expect(await out('A=2; printenv A || echo unexported; export A; printenv A')).toBe('unexported\n2\n');
  });

  it('has the adb shell environment, $$ and $0', async () => {
    expect(await out('echo $HOME $TMPDIR $EXTERNAL_STORAGE $USER')).toBe('/ /data/local/tmp /sdcard shell\n');
    expect(await out('echo $0')).toBe('/system/bin/sh\n');
    expect(await out('echo $RANDOM | grep -cE "^[0-9]{1,5}$"')).toBe('1\n');
    const pids = (await out("echo $$; echo $$; sh -c 'echo $$'")).trim().split('\n').map(Number);
    expect(pids[0]).toBeGreaterThan(1);
    expect(pids[1]).toBe(pids[0]);
    expect(pids[2]).not.toBe(pids[0]);
  });

  it('keeps $ literal where it names nothing', async () => {
    expect(await out('echo a$ \'$(x)\' "\\$HOME" $')).toBe('a$ $(x) $HOME $\n');
  });
});

describe('command substitution', () => {
  it('substitutes $(...) and backquotes, trimming trailing newlines', async () => {
    expect(await out('echo $(getprop ro.build.version.sdk)')).toBe('34\n');
    expect(await out('echo "sdk=`getprop ro.build.version.sdk`"')).toBe('sdk=34\n');
    expect(await out('echo "$(echo "a  b")" $(echo "c  d")')).toBe('a  b c d\n');
    expect(await out('echo $(echo $(echo nested))')).toBe('nested\n');
  });

  it('refuses arithmetic expansion with a clear message', async () => {
    const run = await runShell('echo $((1+2))');
    expect(run.stderr).toBe(
      '/system/bin/sh: arithmetic expansion $((...)) is not supported by the simulator\n',
    );
    expect(run.status).toBe(1);
  });
});

describe('sh -c, exec, export, trap, eval', () => {
  it('runs sh -c scripts (nested) with their own exit status, $0 and arguments', async () => {
    const run = await runShell(`sh -c 'echo inner; exit 7'; echo outer $?`);
    expect(run.stdout.toString()).toBe('inner\nouter 7\n');
    expect(await out(`sh -c 'sh -c "echo deep \\$0"'`)).toBe('deep sh\n');
    expect(await out(`sh -c 'echo $0 $1 $#' name one two`)).toBe('name one 2\n');
    expect((await runShell(`/system/bin/sh -c 'exit 9'`)).status).toBe(9);
    expect((await runShell(`sh -c 'nope'`)).stderr).toBe('sh: nope: inaccessible or not found\n');
  });

  it('passes exported variables, not plain ones, to sh -c', async () => {
    expect(await out(`A=plain; export B=exported; sh -c 'echo [$A] [$B]'`)).toBe('[] [exported]\n');
    expect(await out(`C=prefix sh -c 'echo $C'`)).toBe('prefix\n');
  });

  it("runs the adb CLI's logcat line (export then exec)", async () => {
    const state = new DeviceState();
    state.appendLog({ priority: 'I', tag: 'Probe', message: 'hello' });
    const run = await runShell(`export ANDROID_LOG_TAGS="''" ; exec logcat -d; echo not reached`, { state });
    expect(run.status).toBe(0);
    expect(run.stdout.toString()).toMatch(/ I Probe +: hello\n/);
    expect(run.stdout.toString()).not.toContain('not reached');
  });

  it('exec replaces the shell: its status is the shell status', async () => {
    const run = await runShell('exec false; echo never');
    expect(run.status).toBe(1);
    expect(run.stdout.length).toBe(0);
    expect((await runShell('exec')).status).toBe(0);
  });

  it('runs the EXIT trap at the end, with $? and the exit status kept', async () => {
    const run = await runShell(`trap 'echo bye $?' EXIT; echo work; exit 3`);
    expect(run.stdout.toString()).toBe('work\nbye 3\n');
    expect(run.status).toBe(3);
    expect(await out(`trap 'echo t' 0; trap - EXIT; echo x`)).toBe('x\n');
    expect((await runShell(`trap 'exit 5' EXIT; true`)).status).toBe(5);
    expect(await out(`sh -c "trap 'echo inner-trap' EXIT"; echo outer`)).toBe('inner-trap\nouter\n');
  });

  it('runs for loops over words, substitutions and positional parameters', async () => {
    expect(await out('for x in a "b c" $(echo d e); do echo [$x]; done; echo last=$x')).toBe(
      '[a]\n[b c]\n[d]\n[e]\nlast=e\n',
    );
    expect(await out(`sh -c 'for arg; do echo $arg; done' name one two`)).toBe('one\ntwo\n');
    expect((await runShell('for x in; do echo never; done')).status).toBe(0);
    expect((await runShell('for 1x in a; do echo; done')).stderr).toBe(
      '/system/bin/sh: syntax error: bad for loop variable\n',
    );
  });

  it('evaluates eval and { } groups in the current shell', async () => {
    expect(await out(`eval 'A=5'; echo $A; { B=6; }; echo $B; (C=7); echo [$C]`)).toBe('5\n6\n[]\n');
  });

  it('lists exports and answers command -v', async () => {
    expect(await out('export | grep -c PATH=')).toBe('1\n');
    expect(await out('command -v getprop exit; command -v nope; echo $?')).toBe(
      '/system/bin/getprop\nexit\n1\n',
    );
  });
});
