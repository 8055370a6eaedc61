// `androperator mcp serve`: the MCP server over stdio (tools devices, snapshot, screenshot, execute).
import { fail, ok } from '../shared/errors';
import type { CommandHandler } from './context';
import { parseFlags } from './flags';
import { usageError } from './usage';

export const mcpCommand: CommandHandler = async (args, context) => {
  const [operation, ...rest] = args;
  if (operation !== 'serve') usageError('mcp requires the subcommand serve');
  const flags = parseFlags(rest, [{ name: '--approve-all', kind: 'boolean' }], { context: 'mcp serve' });
  if (context.backend.runMcp === undefined)
    return fail('ADB_SERVER_UNAVAILABLE', 'This build of androperator cannot run the MCP server');
  const finished = await context.backend.runMcp(
    {
      operatorPackage: context.target.operatorPackage,
      approveAll: flags.switches.has('--approve-all'),
    },
    context.log,
  );
  // stdout belongs to the protocol: a clean stop prints nothing more.
  return finished.ok ? ok('') : finished;
};
