import { failWith, type CommandContext } from '../../commandTable';
import { BACKSLASH_ESCAPES } from '../escapes';

// toybox `printf FORMAT [ARG...]`: %s %d %i %x %o %c %u %f %% with flags and width, backslash escapes; the format
// is reused while arguments remain, as POSIX requires.

function unescape(text: string): string {
  return text.replace(/\\(0?[0-7]{1,3}|.)/g, (match, code: string) =>
    /^[0-7]/.test(code) ? String.fromCharCode(Number.parseInt(code, 8)) : (BACKSLASH_ESCAPES[code] ?? match),
  );
}

function pad(text: string, flags: string, width: string): string {
  const size = Number(width || 0);
  if (flags.includes('-')) return text.padEnd(size);
  if (flags.includes('0') && /^-?\d/.test(text)) {
    const negative = text.startsWith('-');
    return (negative ? '-' : '') + text.replace(/^-/, '').padStart(size - (negative ? 1 : 0), '0');
  }
  return text.padStart(size);
}

export function printf(context: CommandContext): number {
  const [format, ...values] = context.args;
  if (format === undefined) return failWith(context, 'printf: Needs 1 argument');
  const pattern = /%([-+ 0#]*)(\d*)(?:\.(\d+))?([sdiuxXocfb%])/g;
  let output = '';
  let index = 0;
  do {
    const start = index;
    output += unescape(format).replace(
      pattern,
      (_, flags: string, width: string, precision: string | undefined, kind: string) => {
        if (kind === '%') return '%';
        const value = values[index] ?? '';
        index += 1;
        const number = Number(value || 0);
        switch (kind) {
          case 's':
            return pad(precision === undefined ? value : value.slice(0, Number(precision)), flags, width);
          case 'b':
            return pad(unescape(value), flags, width);
          case 'c':
            return pad(value.slice(0, 1), flags, width);
          case 'x':
          case 'X': {
            const hex = Math.trunc(number).toString(16);
            return pad(kind === 'X' ? hex.toUpperCase() : hex, flags, width);
          }
          case 'o':
            return pad(Math.trunc(number).toString(8), flags, width);
          case 'f':
            return pad(number.toFixed(precision === undefined ? 6 : Number(precision)), flags, width);
          default:
            return pad(String(Math.trunc(number)), flags, width);
        }
      },
    );
    if (index === start) break;
  } while (index < values.length);
  context.stdout(output);
  return 0;
}
