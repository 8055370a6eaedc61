// Help text for every command; printed as plain text on stdout with exit code 0.
import type { SequenceOutcome } from './backend';
import { toolHelpFor } from './toolCommands';

const COMMON_OPTIONS = `Common options (before or after the command):
  --device <serial>                  Target device (alias --device-id); needed when several are connected
  --operator-package <package>       Operator package (alias --receiver-package); default
                                     $ANDROPERATOR_OPERATOR_PACKAGE, else com.androperator.operator
                                     (debug builds: com.androperator.operator.dev)
  --timeout <ms>                     Execution timeout, between 1000 and 120000 (alias --timeout-ms; default 30000)
  --output json|pretty               JSON on one line (default) or indented (alias --format); --json = --output json
  --no-daemon                        Run directly, not through a running serve/console (also
                                     ANDROPERATOR_NO_DAEMON=1)
  --log-level debug|info|warn|error  Diagnostics on stderr (default warn); --verbose = --log-level debug
  --help                             Show help
  --version                          Print the version`;

const TOP_LEVEL = `androperator - drive the Operator's on-screen log panel and capture evidence on Android devices

Usage: androperator <command> [options]

Commands:
  exec <json-or-file>          Validate, preview or run a raw execution payload (synonym: execute)
  on-screen-log set|clear      Show or replace the on-screen log panel, or remove it
  devices                      List connected devices
  screenshot [--path <png>]    Capture the screen to a PNG file
                               (synonyms: take-screenshot, take_screenshot, capture-screenshot)
  snapshot                     Capture the UI hierarchy, including operator_overlay_visible
  sequence (--text <t> | --template <t>) [panel flags] [--label <name>] [--path <png>] [--hold]
                               Set the panel, take a screenshot, then clear it, as three separate executions
                               (--hold: more captures on Enter until q)
  simulator start              Start a simulated Android device
  serve                        Serve the HTTP API on 127.0.0.1:3000 (token required; the CLI routes through it)
  mcp serve                    Run the MCP server on stdin/stdout (tools devices, snapshot, screenshot, execute)
  android|trace|ui <verb>      Android tools (settings, ...): flags are the arguments in kebab-case; --yes
                               approves a change in advance. androperator android --help lists the verbs
  help [command]               Show help for a command

${COMMON_OPTIONS}

Output is one JSON object on stdout. Exit code 0 on success, 1 on any error object or failed step.
Run androperator <command> --help for details.
`;

const EXEC = `Usage: androperator exec <json-or-file> [--validate-only | --dry-run] [common options]
       androperator exec --payload <json-or-file> ...

Validates a raw execution payload with the canonical validator, then runs it on the device.
The payload is inline JSON when it starts with '{', otherwise a file path.
Aliases: --payload, --execution, --input, --file. Synonym command: execute.

  --validate-only   Print {"ok":true,"validated":true,"execution":<normalized payload>} without a device
  --dry-run         Print the plan {commandId, timeoutMs, actionCount, actions} without a device
  --timeout <ms>    Overrides the payload's timeoutMs before validation
  --overwrite       Let take_screenshot replace an existing regular file at its path (never a symbolic link)

Examples:
  androperator exec --payload /abs/path/execution.json --validate-only
  androperator exec /abs/path/execution.json --device <serial> --no-daemon

${COMMON_OPTIONS}
`;

const PANEL_FLAGS = `Panel flags (set; each at most once; omitted flags keep their defaults):
  --text <text>              Literal text, between 1 and 2048 UTF-16 units; whitespace and newlines kept (exclusive with --template)
  --template <template>      Live template with {{placeholders}} resolved on the device (exclusive with --text)
  --anchor left|right        Physical screen side (default left)
  --text-align left|right    Text alignment inside the panel (default left)
  --top-offset-dp <n>        between 0 and 1000 (default 8)
  --edge-offset-dp <n>       between 0 and 1000 (default 8)
  --width-dp <n>             between 80 and 600, including the 8 dp padding (default 280)
  --font-size-sp <n>         between 8 and 24 (default 12)
  --text-color <color>       #RRGGBB or #AARRGGBB (default #FFFFFFFF)
  --background-color <color> #RRGGBB or #AARRGGBB (default #B3000000)
  --ttl-ms <n>               between 1,000 and 3,600,000 (default 300000)
Numbers are integral JSON number tokens (12, 12.0, 1e3); 12px, 0x10 and 1.5 are rejected.
A value that starts with '--' is written after '--', e.g. --text -- --literal.`;

const PREVIEW = `  --validate-only            Print the validated execution without a device
  --dry-run                  Print the plan without a device`;

const SET = `Usage: androperator on-screen-log set (--text <text> | --template <template>) [panel flags] [common options]

Shows the panel, or fully replaces the current one (omitted fields reset to defaults).

${PANEL_FLAGS}
${PREVIEW}

Placeholders: {{foreground_app.icon}} {{foreground_app.package_name}} {{foreground_app.version_code}}
  {{foreground_app.version_name}} {{device.manufacturer}} {{device.model}} {{system.language_code}}
  {{system.language_tag}} {{system.language_name}}; write {{{{ and }}}} for literal {{ and }}.

Examples:
  androperator on-screen-log set --text "FLOW-001: Observe settings" --anchor right --text-align left \\
    --top-offset-dp 24 --edge-offset-dp 12 --width-dp 280 --font-size-sp 12 --text-color '#FFFFFFFF' \\
    --background-color '#B3000000' --ttl-ms 300000 --device <serial>
  androperator on-screen-log set --template '{{foreground_app.package_name}} {{system.language_tag}}' \\
    --device <serial> --operator-package com.androperator.operator.dev

${COMMON_OPTIONS}
`;

const CLEAR = `Usage: androperator on-screen-log clear [common options]

Removes the panel; succeeds with {"visible":"false"} also when no panel is shown. Takes no panel flags.
${PREVIEW}

A panel also removes itself when the --ttl-ms of its set expires (default 300000). Set flags such as --ttl-ms,
--anchor and --text-align are not accepted by clear; see androperator on-screen-log set --help.

Example:
  androperator on-screen-log clear --device <serial>

${COMMON_OPTIONS}
`;

const ON_SCREEN_LOG = `Usage: androperator on-screen-log set (--text <text> | --template <template>) [panel flags] [common options]
       androperator on-screen-log clear [common options]

${PANEL_FLAGS}

Syntax errors print {"code":"USAGE",...}; invalid values print {"code":"EXECUTION_VALIDATION_FAILED",...};
both exit 1 before anything reaches the device.

Examples (await each command separately to capture a visible panel):
  androperator on-screen-log set --text "FLOW-001: Before" --device <serial>
  androperator screenshot --path /abs/before.png --device <serial>
  androperator on-screen-log set --text "FLOW-001: After" --anchor right --ttl-ms 60000 --device <serial>
  androperator screenshot --path /abs/after.png --device <serial>
  androperator on-screen-log clear --device <serial>

${COMMON_OPTIONS}
`;

const DEVICES = `Usage: androperator devices [common options]

Lists adb devices as {"devices":[{"serial","state","server",...}],"source"}. While a console or serve runs, these are
its devices (every adb server it watches) and "source" is "the console at <url>": on-screen-log, exec, screenshot and
snapshot without --device choose among exactly these. Otherwise (or with --no-daemon) they are the local adb
server's ("the adb server on port <n>").

${COMMON_OPTIONS}
`;

const SCREENSHOT = `Usage: androperator screenshot [--path <png>] [--overwrite] [common options]

Runs a take_screenshot execution; the host captures the screen after the result returns, within --timeout.
--path (alias --file) selects the PNG file: an absolute path ending in .png, without . or .. segments, whose last
component is not a symbolic link. An existing file is refused (INVALID_PATH) unless --overwrite is given.
Synonyms: take-screenshot, take_screenshot, capture-screenshot.

Example:
  androperator screenshot --path /abs/before.png --device <serial>

${COMMON_OPTIONS}
`;

const SNAPSHOT = `Usage: androperator snapshot [common options]

Captures the UI hierarchy; step data includes operator_overlay_visible "true" or "false".

${COMMON_OPTIONS}
`;

/** Every key `sequence` prints, in output order; typed so a new key in its output cannot go undocumented. */
const SEQUENCE_OUTPUT: Record<keyof SequenceOutcome, string> = {
  runId: 'the run id, also the name of its evidence folder',
  serial: 'the device the run used',
  runPath: 'the evidence folder (run.json, screenshot.png)',
  status: '"succeeded" or "failed" (exit code 1)',
  steps:
    '[{"step":"set"|"screenshot"|"clear","status","commandId","payload","startedAt","completedAt",\n' +
    '                     "durationMs","envelope"}]; a host failure has "error" instead of "envelope",\n' +
    '                     a skipped step a "reason"',
  screenshot: '{"path","widthPx","heightPx"} in the evidence folder',
  captureCheck: '{"inCapture","matchRatio",...}: whether the panel is in the screenshot',
  reportedBounds: '{"left","top","right","bottom"} the Operator reported for the panel',
  predictedBounds: 'the bounds the layout predicts (absent when hello failed)',
  captureCheckError: 'why the capture check could not run',
  evidenceError: 'the first failure writing run.json (a final record not written fails the run)',
  lease:
    '{"status":"held"|"unsupported",...}: the device lease the run held; "unsupported" (an Operator\n' +
    '                     without leases) carries a "warning": other callers could act mid-run',
  interference: 'what the device reported another caller did mid-run (the run is then "failed")',
  panelGeneration: '{"set","beforeClear"}: the panel generation set drew and the one shown before clear',
  logExcerpt:
    '{"status","file","entries","redactions",...}: the device log of the run window (logcat.txt in\n' +
    '                     runPath, redacted), or the "error" that kept it from being read',
  crashes:
    '{"status":"none_seen"|"seen"|"not_read","entries":[{kind,time,pid,tag,packageName,line}]}: crash and ANR\n' +
    '                     reports in the log window (a warning; the verdict is unchanged)',
  hold:
    '{"maxCaptures","maxMs","startedAt","endedAt","endedBy","error"}: with --hold, the bounds and why the\n' +
    '                     hold ended ("user", "max_captures", "max_duration", "failure", "interference")',
  captures:
    '[{"step","index","status","file","widthPx","heightPx","capturedAt","captureCheck","foreground"}]: with\n' +
    '                     --hold, every capture with its capture check and the foreground app and version\n' +
    '                     the host saw at capture time ("source":"host_dumpsys")',
  inspection:
    '{"source":"host_diagnostics","observedAt","observedAfter":"clear","environment":{status,...},"app":\n' +
    '                     {status,packageName,versionName,...}}: device facts and the foreground app read by the\n' +
    '                     host after clear (a failed read is recorded as failed; the run does not fail)',
  deviceId: 'the device serial again, as exec prints it',
  copiedTo: 'where --path received a copy of the screenshot',
};

const SEQUENCE_OUTPUT_TEXT = Object.entries(SEQUENCE_OUTPUT)
  .map(([key, description]) => `  ${`"${key}"`.padEnd(19)}${description}`)
  .join('\n');

const SEQUENCE = `Usage: androperator sequence (--text <text> | --template <template>) [panel flags] [--label <name>] [--path <png>]
       [--hold [--max-captures <n>]] [common options]

Runs set_on_screen_log, take_screenshot and clear_on_screen_log as three separate executions, each awaited, so the
screenshot is taken while the panel is shown. Prints one JSON object (keys without a value are left out):
${SEQUENCE_OUTPUT_TEXT}

${PANEL_FLAGS}
  --label <name>             The run's name in the console's History and in run.json
  --path <png>               Copy of the screenshot (alias --file): an absolute .png path, as for screenshot
  --overwrite                Let the copy replace an existing regular file
  --hold                     Keep the panel up after the first capture: each Enter on stdin (an empty line, or
                             "c") takes another capture of the same run, "q" (or the end of stdin) releases it
                             and clear runs. Every capture gets the capture check and the foreground app and its
                             version as the host saw them at capture time. The hold clears by itself after 10
                             minutes or 20 captures and says why; the device stays leased throughout. Progress
                             lines go to stderr; stdout still prints one JSON object ("hold", "captures")
  --max-captures <n>         With --hold: at most n captures, 1..20 (default 20), the first included

Example:
  androperator sequence --text "FLOW-001" --label checkout --anchor right --path /abs/flow-001.png \\
    --device <serial>
  androperator sequence --text "FLOW-002" --hold --device <serial>     (Enter = capture, q = release)

${COMMON_OPTIONS}
`;

const SIMULATOR = `Usage: androperator simulator start [--profile <name>]... [--count <n>] [--mode connect|emulator]

Starts simulated Android devices (with the Operator installed and enabled) and attaches them to the adb server
chosen by ANDROID_ADB_SERVER_PORT (default 5037), starting that server when needed. Prints one JSON line per device
as soon as adb shows it online, {"serial","profile","model","port"}, then runs until interrupted (Ctrl+C, SIGTERM),
when it detaches the devices and exits 0.

Options:
  --profile <name>          phone (default), tablet, legacy21, cutout28 or tv; repeat to start several kinds
  --count <n>               How many devices, 1..16 (default: one per --profile), cycling through the profiles
  --mode connect|emulator   Attach like \`adb connect\` (default) or register as an emulator-<port> device

Examples:
  androperator simulator start
  androperator simulator start --profile phone --profile tablet
  ANDROID_ADB_SERVER_PORT=5038 androperator simulator start --count 4

${COMMON_OPTIONS}
`;

const SERVE = `Usage: androperator serve [--host <address>] [--port <n>] [--allow-remote] [--token <token>] [common options]

Serves the HTTP API: GET /ping /version /devices /events (SSE), POST /execute /snapshot /screenshot.
Every route but /ping needs 'Authorization: Bearer <token>'. The token is created on first start in
$ANDROPERATOR_HOME/serve-token (default: the data folder, ~/.local/share/androperator/serve-token on Linux; mode 0600) and shown once on stderr.
When listening, prints one JSON line {"url","tokenFile"}; while it runs, on-screen-log, exec, screenshot and snapshot
use it (see --no-daemon). Ctrl+C or SIGTERM stops it (exit 0).

Options:
  --host <address>     Address to listen on (alias --bind; default 127.0.0.1). Non-loopback addresses are refused
                       unless --allow-remote is given
  --port <n>           0..65535 (default 3000; 0 picks a free port)
  --allow-remote       Allow a non-loopback --host such as 0.0.0.0
  --token <token>      Use this token (16..512 characters of A-Z a-z 0-9 . _ ~ + / = -) instead of the token file
  --operator-package   Operator package of requests that name none

Example:
  androperator serve --port 3000
  curl -H "Authorization: Bearer $(cat ~/.local/share/androperator/serve-token)" http://127.0.0.1:3000/devices

${COMMON_OPTIONS}
`;

const MCP = `Usage: androperator mcp serve [--operator-package <package>] [--approve-all]

Runs an MCP server on stdin/stdout (stdio transport) with the tools devices, snapshot, screenshot and execute.
Screenshots are written to $ANDROPERATOR_HOME/screenshots (default: the data folder's screenshots/, ~/.local/share/androperator on Linux); the result reports
data.path and carries the PNG as image content. Diagnostics go to stderr. Stops when stdin closes.
The Android tools (androperator android --help) are listed too; a mutating tool asks for approval through MCP
elicitation, or fails with APPROVAL_UNAVAILABLE when the client cannot be asked.

  --approve-all   Approve every mutating Android tool call in advance (no elicitation)

Example MCP client configuration:
  {"command": "npx", "args": ["androperator", "mcp", "serve"]}

${COMMON_OPTIONS}
`;

const HELP: Readonly<Record<string, string>> = {
  '': TOP_LEVEL,
  exec: EXEC,
  'on-screen-log': ON_SCREEN_LOG,
  'on-screen-log set': SET,
  'on-screen-log clear': CLEAR,
  devices: DEVICES,
  screenshot: SCREENSHOT,
  snapshot: SNAPSHOT,
  sequence: SEQUENCE,
  simulator: SIMULATOR,
  'simulator start': SIMULATOR,
  serve: SERVE,
  mcp: MCP,
  'mcp serve': MCP,
};

export const TOP_LEVEL_HELP = TOP_LEVEL;

/**
 * Help for a canonical command and its subcommand tokens (`['on-screen-log', 'set']`); an unknown subcommand falls
 * back to the command's help. Undefined for an unknown command.
 */
export function helpFor(command: string, subcommand: string | undefined): string | undefined {
  return toolHelpFor(command, subcommand) ?? HELP[`${command} ${subcommand ?? ''}`.trim()] ?? HELP[command];
}
