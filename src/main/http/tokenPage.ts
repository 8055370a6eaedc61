// What a browser sees when it opens the server without the token: a page saying how to get in, not raw JSON.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpFailure } from './respond';

/** A page load (a browser navigating here), as opposed to an API call or curl: GET that accepts HTML. */
export function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const accept = request.headers.accept ?? '';
  return accept.split(',').some((type) => type.trim().toLowerCase().startsWith('text/html'));
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The 401 page: what happened, where the address with the token is, and the error code for a bug report. */
export function unauthorizedPage(failure: HttpFailure, tokenLocation: string | undefined): string {
  const where = tokenLocation ?? 'the address the server printed when it started';
  const invalid = failure.error.message.startsWith('Invalid token');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>androperator: open the address with its token</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; }
  @media (prefers-color-scheme: dark) { body { background: #1b1d21; color: #e6e6e6; } code { color: #9cdcfe; } }
  code { font-family: ui-monospace, monospace; }
</style>
</head>
<body>
<main>
<h1>${invalid ? 'This address has an old token' : 'This address needs its token'}</h1>
<p>The androperator console only answers the browser that opened the full address it printed, with
<code>?token=</code> at the end. ${invalid ? 'The token in this address is not the one the console uses now.' : 'This address has no token.'}</p>
<p>Open the complete address instead: use ${escapeHtml(where)}.
If you started it with <code>npm start</code>, the address is in that terminal.</p>
<p><small>Error <code>${escapeHtml(failure.error.code)}</code> (HTTP ${failure.status})</small></p>
</main>
</body>
</html>
`;
}

/** Answers the failure as the page above (same status and headers as the JSON answer). */
export function sendUnauthorizedPage(
  reply: FastifyReply,
  failure: HttpFailure,
  tokenLocation: string | undefined,
): FastifyReply {
  return reply
    .code(failure.status)
    .headers(failure.headers)
    .type('text/html; charset=utf-8')
    .send(unauthorizedPage(failure, tokenLocation));
}
