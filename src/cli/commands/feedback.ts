// `netdeck feedback`: tell the service what the network is used for and what it needs.
import type { Command } from 'commander';
import { FEEDBACK_NEEDS, FEEDBACK_USES, type FeedbackRequest } from '../../contract/schemas.ts';
import { sanitize } from '../../sanitize.ts';
import type { CliContext } from '../context.ts';
import { type CommonOptions, collect } from '../options.ts';
import { UsageError } from '../output/exit-codes.ts';
import { serviceCommand } from './service-command.ts';

export interface FeedbackOptions extends CommonOptions {
  use?: string[];
  need?: string[];
  other?: string;
}

/** Flags as the service's booleans: every known name is sent, true for the ones chosen. */
export function buildFeedback(options: FeedbackOptions): FeedbackRequest {
  const pick = <K extends string>(
    names: readonly K[],
    chosen: string[],
    flag: string,
  ): Record<K, boolean> => {
    for (const name of chosen) {
      if (!(names as readonly string[]).includes(name)) {
        throw new UsageError(`${flag} "${name}" is not one of: ${names.join(', ')}`);
      }
    }
    return Object.fromEntries(names.map((name) => [name, chosen.includes(name)])) as Record<K, boolean>;
  };
  const uses = (options.use ?? []).map((use) => use.trim().toLowerCase());
  const needs = (options.need ?? []).map((need) => need.trim().toLowerCase().replace(/-/g, '_'));
  const other = options.other?.trim();
  if (!uses.length && !needs.length && !other) {
    throw new UsageError('nothing to send: give --use, --need or --other');
  }
  return {
    uses: pick(FEEDBACK_USES, uses, '--use'),
    needs: { ...pick(FEEDBACK_NEEDS, needs, '--need'), ...(other ? { other } : {}) },
  };
}

export function registerFeedback(program: Command, context: CliContext): void {
  serviceCommand(program, context, {
    name: 'feedback',
    description: 'send feedback: what the network is used for and what it needs',
    flags: (command) =>
      command
        .option('--use <use>', `${FEEDBACK_USES.join(' | ')}; repeatable`, collect)
        .option('--need <need>', `one of the needs below; repeatable`, collect)
        .option('--other <text>', 'anything else, in words'),
    examples: [
      ['netdeck feedback --use personal --need private --need block_ads', 'two needs'],
      ['netdeck feedback --use business --other "audit logs per device"', 'in words'],
    ],
    help: { before: `Needs:\n  ${FEEDBACK_NEEDS.join(', ')}\n` },
    check: (options: FeedbackOptions) => buildFeedback(options),
    run: async ({ client, out }, request) => {
      const result = await client.sendFeedback(request);
      out.outcome(
        result,
        result.feedback_id ? `Feedback sent (id ${sanitize(result.feedback_id)}).` : 'Feedback sent.',
      );
    },
  });
}
