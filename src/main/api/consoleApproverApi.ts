// approval:answer: a console page's answer to one approval:requested prompt (src/main/api/consoleApprover.ts).
import type { ConsoleApi } from '../../shared/api/contract';
import type { ResolvedDependencies } from './dependencies';

export function approvalApi(
  dependencies: Pick<ResolvedDependencies, 'approvals'>,
): Pick<ConsoleApi, 'approval:answer'> {
  return {
    'approval:answer': (input) =>
      Promise.resolve(
        dependencies.approvals.answer({
          id: input.id,
          approved: input.approved,
          ...(input.confirmed === undefined ? {} : { confirmed: input.confirmed }),
        }),
      ),
  };
}
