// The reviewed read-only forms of `dumpsys <service> [args]` (reference section 3.1). Pure: the typed tool refuses
// anything else before it reaches the device, naming the rule it broke.

/** The reference's rule id for dumpsys forms outside the read-only allow-list. */
export const DUMPSYS_RULE = 'android-dump-options';

export const MAX_DUMPSYS_ARGUMENT_CHARS = 1024;
export const MAX_DUMPSYS_ARGUMENT_WORDS = 16;

/** Characters an `arguments` string may use: letters, digits, `. _ $ - : /` and spaces. */
const ARGUMENT_CHARS = /^[A-Za-z0-9._$\-:/ ]*$/;
/** A selector: non-empty, not starting with `-`, only `[A-Za-z0-9._$]`. */
const SELECTOR = /^[A-Za-z0-9._$]+$/;
/** A service name as servicemanager lists them (e.g. `activity`, `android.hardware.power.IPower/default`). */
const SERVICE = /^[A-Za-z0-9._$][A-Za-z0-9._$\-/]*$/;

const MEMINFO_OPTIONS = new Set(['-a', '-d', '--oom', '--local', '--checkin']);
const ACTIVITY_SECTIONS = new Set([
  'activities',
  'processes',
  'services',
  'broadcasts',
  'providers',
  'recents',
  'lastanr',
  'top',
  'settings',
  'oom',
  'lru',
]);
const WINDOW_SECTIONS = new Set([
  'windows',
  'displays',
  'policy',
  'animator',
  'sessions',
  'tokens',
  'all',
  'visible',
  '-a',
  '-h',
  '--proto',
]);
const BATTERYSTATS_OPTIONS = new Set(['-a', '-h', '--proto', '--history', '--charged', '--daily', '--usage']);
const GENERIC_OPTIONS = new Set(['-a', '-h', '--proto']);

/** Which check refused a form: the argument text itself, or the service's accepted arguments. */
export type DumpsysRefusalReason =
  'service_name' | 'argument_characters' | 'argument_length' | 'argument_words' | 'service_arguments';

export type DumpsysCheck =
  | { accepted: true; service: string; arguments: string[] }
  | { accepted: false; rule: typeof DUMPSYS_RULE; reason: DumpsysRefusalReason; message: string };

const isSelector = (word: string): boolean => SELECTOR.test(word);

function refuse(reason: DumpsysRefusalReason, message: string): DumpsysCheck {
  return { accepted: false, rule: DUMPSYS_RULE, reason, message: `${message} (rule ${DUMPSYS_RULE})` };
}

/** Why the service refuses these words, or undefined when they are one of its read-only forms. */
function serviceRefusal(service: string, words: readonly string[]): string | undefined {
  if (words.length === 0) return undefined;
  switch (service) {
    case 'package':
      return words.length === 1 && isSelector(words[0] as string)
        ? undefined
        : 'dumpsys package accepts exactly one package selector';
    case 'meminfo':
      return words.every((word) => MEMINFO_OPTIONS.has(word) || isSelector(word))
        ? undefined
        : 'dumpsys meminfo accepts only -a, -d, --oom, --local, --checkin and process selectors';
    case 'activity': {
      const [section, selector, ...more] = words;
      if (!ACTIVITY_SECTIONS.has(section as string))
        return `dumpsys activity accepts first one of ${[...ACTIVITY_SECTIONS].join(', ')}`;
      if (more.length > 0 || (selector !== undefined && !isSelector(selector)))
        return 'dumpsys activity accepts at most a section and one selector';
      return undefined;
    }
    case 'window':
      return words.length === 1 && WINDOW_SECTIONS.has(words[0] as string)
        ? undefined
        : `dumpsys window accepts exactly one of ${[...WINDOW_SECTIONS].join(', ')}`;
    case 'batterystats':
      return words.every((word) => BATTERYSTATS_OPTIONS.has(word))
        ? undefined
        : `dumpsys batterystats accepts only ${[...BATTERYSTATS_OPTIONS].join(', ')}`;
    default:
      return words.every((word) => GENERIC_OPTIONS.has(word))
        ? undefined
        : `dumpsys ${service} accepts only -a, -h and --proto`;
  }
}

/** Checks `dumpsys <service> <argumentText>` against the read-only allow-list; the split words when accepted. */
export function checkDumpsys(service: string, argumentText = ''): DumpsysCheck {
  if (!SERVICE.test(service) || service.length > 128)
    return refuse(
      'service_name',
      'dumpsys service must be a service name of letters, digits and . _ $ - / (not starting with -)',
    );
  if (argumentText.length > MAX_DUMPSYS_ARGUMENT_CHARS)
    return refuse(
      'argument_length',
      `dumpsys arguments must be at most ${MAX_DUMPSYS_ARGUMENT_CHARS} characters`,
    );
  if (!ARGUMENT_CHARS.test(argumentText))
    return refuse(
      'argument_characters',
      'dumpsys arguments may use only letters, digits, spaces and . _ $ - : /',
    );
  const words = argumentText.split(' ').filter((word) => word !== '');
  if (words.length > MAX_DUMPSYS_ARGUMENT_WORDS)
    return refuse('argument_words', `dumpsys arguments must be at most ${MAX_DUMPSYS_ARGUMENT_WORDS} words`);
  const refusal = serviceRefusal(service, words);
  if (refusal !== undefined)
    return refuse(
      'service_arguments',
      `dumpsys ${[service, ...words].join(' ')} is not read-only: ${refusal}`,
    );
  return { accepted: true, service, arguments: words };
}
