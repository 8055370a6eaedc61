// android_content_query: `content query --uri '<uri>' [--projection 'a:b'] [--where '<w>']`; read-only (never
// insert, update or delete). Provider errors print text and may still exit 0: that is a failure.
import { fail, ok } from '../../shared/errors';
import { CONTENT_QUERY_ARGUMENTS, projectionColumns } from '../../shared/android/inspectArguments';
import { shellQuote } from '../../shared/android/shellQuote';
import { commandFailure } from '../android/outcome';
import { defineTool } from '../android/tool';

/** Text a provider failure prints (reference 1.1), on stdout or stderr, whatever the exit status. */
export const PROVIDER_ERROR = /Error while accessing provider|IllegalArgumentException|SecurityException/;

export function contentQueryCommand(
  uri: string,
  projection: string | readonly string[] | undefined,
  where: string | undefined,
): string {
  const parts = ['content query --uri', shellQuote(uri)];
  if (projection !== undefined)
    parts.push('--projection', shellQuote(projectionColumns(projection).join(':')));
  if (where !== undefined) parts.push('--where', shellQuote(where));
  return parts.join(' ');
}

export const androidContentQuery = defineTool({
  name: 'android_content_query',
  cli: { command: 'android', verb: 'content' },
  description:
    'Queries a content provider (content query) with an optional projection and where clause. Read-only; some ' +
    'providers refuse the shell user with a SecurityException, which is reported as a failure.',
  risk: 'read_only',
  arguments: CONTENT_QUERY_ARGUMENTS,
  async run(context, args) {
    const command = contentQueryCommand(args.uri, args.projection, args.where_clause);
    const result = await context.run(command);
    if (!result.ok) return result;
    const { stdout, stderr, exit_code } = result.value;
    const providerError = PROVIDER_ERROR.exec(`${stdout}\n${stderr}`);
    if (providerError)
      return fail(
        'ANDROID_COMMAND_FAILED',
        `${command}: the provider refused the query (${providerError[0]}): ${(stderr.trim() || stdout.trim()).slice(0, 300)}`,
        { command, status: 'failed', exit_code, stdout: stdout.slice(0, 2048), stderr },
      );
    const failure = commandFailure(command, result.value);
    if (failure) return failure;
    const rows = stdout.split('\n').filter((line) => line.startsWith('Row: ')).length;
    return ok({ kind: 'content_query', command, row_count: rows, result: result.value });
  },
});
