// Best-effort redaction of log messages (seed: "common credential assignments and Authorization headers"). It
// cannot find every secret: results that use it say so (REDACTION_CAVEAT) and count what was replaced.

export const REDACTED = '[REDACTED]';

export const REDACTION_CAVEAT =
  'Redaction is best effort: it replaces Authorization/Cookie header values and common credential assignments ' +
  '(password, token, secret, api key, session ...), and cannot detect every sensitive value.';

// Header forms: `Authorization: Bearer abc`, `Proxy-Authorization: Basic ...`, `Cookie: a=b; c=d`, `Set-Cookie: ...`.
// The value runs to the end of the line or to a quote/comma that closes a quoted header dump.
const HEADER =
  /\b((?:proxy-)?authorization|set-cookie|cookie|x-api-key|x-auth-token)(\s*[:=]\s*)("?)([^"\r\n]+)/gi;

// Assignments: key = value, key: value, "key":"value", key=value& (query strings). Keys are matched as whole words
// (with _ or - separators), so `tokenizer` or `passwordless` in prose are left alone.
const KEY =
  '(?:[a-z0-9]+[_-])*(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|session[_-]?id|sessionid|sid|credentials?|auth)';
const ASSIGNMENT = new RegExp(
  `(["']?)\\b(${KEY})\\1(\\s*[:=]\\s*)(?!\\[REDACTED\\])(?:"([^"]*)"|'([^']*)'|([^\\s,;&"'}\\]]+))`,
  'gi',
);

export interface Redacted {
  text: string;
  /** How many values were replaced. */
  count: number;
}

/** `message` with header values and credential assignments replaced by [REDACTED]. */
export function redactMessage(message: string): Redacted {
  let count = 0;
  let text = message.replace(
    HEADER,
    (_all, name: string, separator: string, quote: string, value: string) => {
      if (value.trim() === REDACTED) return `${name}${separator}${quote}${value}`;
      count += 1;
      return `${name}${separator}${quote}${REDACTED}`;
    },
  );
  text = text.replace(
    ASSIGNMENT,
    (
      all: string,
      keyQuote: string,
      key: string,
      separator: string,
      doubleQuoted?: string,
      singleQuoted?: string,
      bare?: string,
    ) => {
      const value = doubleQuoted ?? singleQuoted ?? bare ?? '';
      if (value === '' || value === REDACTED) return all;
      count += 1;
      const wrapped =
        doubleQuoted !== undefined
          ? `"${REDACTED}"`
          : singleQuoted !== undefined
            ? `'${REDACTED}'`
            : REDACTED;
      return `${keyQuote}${key}${keyQuote}${separator}${wrapped}`;
    },
  );
  return { text, count };
}
