// "Did you mean" suggestions for mistyped flags and commands.

/** Similarity above which a known name is suggested (1 = identical). */
const SUGGESTION_THRESHOLD = 0.75;

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** 1 minus the edit distance over the longer length. */
export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - editDistance(a, b) / longest;
}

/** The most similar candidate when it is similar enough, else undefined. */
export function closestMatch(input: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = SUGGESTION_THRESHOLD;
  for (const candidate of candidates) {
    const score = similarity(input, candidate);
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/** " Did you mean <x>?" or "" when nothing is close; `--flag=value` suggests the flag with a separate value. */
export function didYouMean(input: string, candidates: readonly string[]): string {
  const equals = input.indexOf('=');
  if (input.startsWith('--') && equals > 0 && candidates.includes(input.slice(0, equals))) {
    return ` Did you mean ${input.slice(0, equals)} <value>? Values follow their flag as a separate argument.`;
  }
  const match = closestMatch(input, candidates);
  return match === undefined ? '' : ` Did you mean ${match}?`;
}
