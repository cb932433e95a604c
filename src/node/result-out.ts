/**
 * A result's explanation parts as the CLI (`eval` lines) and the MCP server (`search`) print
 * them: one projection each, so the two outputs cannot drift apart.
 */
import type { MemberChoice } from '../engine/contract';

/** The member choice as printed: its rule, the share of its name the question says, its factor; the chunk it was chosen over is a sub-result already. */
export function memberChoiceOut(member: MemberChoice): Pick<MemberChoice, 'rule' | 'nameCoverage' | 'factor'> {
  return { rule: member.rule, nameCoverage: member.nameCoverage, factor: member.factor };
}
