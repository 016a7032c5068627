/**
 * What a banking task is in this port: upstream's `FunctionCall` as `{ tool, args }`, and a task's checks as
 * functions of the environment before and after, as upstream's `utility` and `security` are.
 */
import type { BankingEnvironment } from './environment.ts';

export interface GroundTruthCall {
  tool: string;
  args: Record<string, unknown>;
}

export interface UserTask {
  id: string;
  prompt: string;
  groundTruth(pre: BankingEnvironment): GroundTruthCall[];
  /**
   * Upstream's `utility` on the environment; null where upstream judges only the model's text answer (user tasks
   * 1 and 7), which a replay without a model has none of.
   */
  utility(pre: BankingEnvironment, post: BankingEnvironment): boolean | null;
}

export interface InjectionTask {
  id: string;
  goal: string;
  groundTruth(pre: BankingEnvironment): GroundTruthCall[];
  /** Upstream's `security`: true when the attacker's goal was reached. */
  security(pre: BankingEnvironment, post: BankingEnvironment): boolean;
}
