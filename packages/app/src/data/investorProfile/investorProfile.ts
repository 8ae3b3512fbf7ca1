import type { ClientQuestionnaire, InvestorCategory } from '@vault/domain';
import { useCallback } from 'react';
import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import { useSessionStore } from '../../session/context';
import type { SessionStore } from '../../session/store';
import { callForMember, callMemberAction } from '../_mutation/writeForMember';
import { refreshQuery } from '../_query/cache';
import { investorProfileQuery } from './keys';

const unexpected = { ok: false as const, error: 'The server answered something unexpected' };

/** The declaration the classification step sends: the server validates it and stamps the date. */
export interface InvestorProfileDeclaration {
  country: string;
  category: InvestorCategory;
  answers: Record<string, boolean>;
}

/**
 * `save_investor_profile`: the member's country and investor category (docs/eligibility.md); the
 * member's profile row is read again (the risk warning follows the country).
 */
async function saveInvestorProfile(store: SessionStore, declaration: InvestorProfileDeclaration): Promise<CallResult> {
  const answer = await callForMember(store, (backend) =>
    backend.callAction('save_investor_profile', { ...declaration }),
  );
  if (!answer.ok) return answer;
  const query = investorProfileQuery(answer.user.id);
  refreshQuery(query.table, query.eq);
  return { ok: true };
}

const QuestionnaireAnswerSchema = v.object({
  version: v.string(),
  questions: v.array(
    v.object({
      id: v.string(),
      topic: v.picklist(['knowledge', 'experience', 'loss_capacity']),
      text: v.string(),
      options: v.array(v.object({ id: v.string(), text: v.string() })),
    }),
  ),
});

/** `current_questionnaire`: the version and questions the server scores (without its scoring), so the screen shows the same. */
async function loadQuestionnaire(store: SessionStore): Promise<CallResult<{ questionnaire: ClientQuestionnaire }>> {
  const answer = await callMemberAction(store, 'current_questionnaire', {});
  if (!answer.ok) return answer;
  const parsed = v.safeParse(QuestionnaireAnswerSchema, answer.value);
  return parsed.success ? { ok: true, questionnaire: parsed.output } : unexpected;
}

const AppropriatenessResultSchema = v.object({
  passed: v.boolean(),
  retake_at: v.nullish(v.string()),
});
export type AppropriatenessResult = { passed: boolean; retakeAt: string | null };

/** `submit_appropriateness`: the server scores the answers and keeps them with the version. */
async function submitAppropriateness(
  store: SessionStore,
  version: string,
  answers: Record<string, string>,
): Promise<CallResult<{ result: AppropriatenessResult }>> {
  const answer = await callMemberAction(store, 'submit_appropriateness', { version, answers });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(AppropriatenessResultSchema, answer.value);
  if (!parsed.success) return unexpected;
  return { ok: true, result: { passed: parsed.output.passed, retakeAt: parsed.output.retake_at ?? null } };
}

/** `acknowledge_appropriateness_warning`: an EU retail investor goes ahead after a "not appropriate" result. */
function acknowledgeAppropriatenessWarning(store: SessionStore): Promise<CallResult> {
  return callMemberAction(store, 'acknowledge_appropriateness_warning', {}).then((answer) =>
    answer.ok ? { ok: true } : answer,
  );
}

/** The eligibility writes bound to the app's session store. */
export function useInvestorProfileActions() {
  const store = useSessionStore();
  return {
    save: useCallback((declaration: InvestorProfileDeclaration) => saveInvestorProfile(store, declaration), [store]),
    loadQuestionnaire: useCallback(() => loadQuestionnaire(store), [store]),
    submitAppropriateness: useCallback(
      (version: string, answers: Record<string, string>) => submitAppropriateness(store, version, answers),
      [store],
    ),
    acknowledgeWarning: useCallback(() => acknowledgeAppropriatenessWarning(store), [store]),
  };
}
