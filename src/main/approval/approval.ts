// Asking the user before an action changes a device: what every surface (console dialog, CLI prompt, MCP
// elicitation) implements, and the answer when no one can be asked.
import { fail, ok, type Result } from '../../shared/errors';

export interface ApprovalRequest {
  /** The tool asking, e.g. `start_system_trace`. */
  tool: string;
  /** Device serial the action targets. */
  device: string;
  /** Exactly what will be sent (the command, or e.g. "tap text 'OK' at [0,0][10,10]"). */
  preview: string;
  /** `strong`: the reference's dangerous actions, which need a second, explicit confirmation. */
  strength: 'normal' | 'strong';
}

/** Resolves ok when the user approved; APPROVAL_REFUSED / APPROVAL_UNAVAILABLE otherwise. Never throws. */
export type Approver = (request: ApprovalRequest) => Promise<Result<void>>;

/** The approver of a surface that cannot ask anyone: every request is refused, and nothing is sent. */
export const NO_APPROVER: Approver = (request) =>
  Promise.resolve(
    fail(
      'APPROVAL_UNAVAILABLE',
      `${request.tool} changes the device and needs approval, which this surface cannot ask for: run it from the console, or from the CLI with --yes`,
      { tool: request.tool, preview: request.preview },
    ),
  );

/** Pre-approval (CLI --yes, an explicit MCP approval policy): every request is approved. */
export const APPROVE_ALL: Approver = () => Promise.resolve(ok(undefined));
