// How long a stopping server (serve, the console) lets requests in flight finish before it cuts them.
import { ENVELOPE_WAIT_BUFFER_MS, MAX_TIMEOUT_MS } from '../../shared/execution/limits';

/** Host work after the envelope (screencap, PNG writing), as the CLI's daemon client allows for it. */
const POST_PROCESSING_MARGIN_MS = 15_000;

/**
 * The close grace of a server that runs device calls: the longest execution timeout, its envelope wait and the
 * host work after it. Every call ends within its own timeout, so a stop waits only as long as the calls need; the
 * grace only bounds a call that overstays it.
 */
export const IN_FLIGHT_GRACE_MS = MAX_TIMEOUT_MS + ENVELOPE_WAIT_BUFFER_MS + POST_PROCESSING_MARGIN_MS;
