/**
 * The server actions of investor eligibility (09_eligibility.sql), declared
 * with the others in `serverActions` (packages/domain/src/backend/actions.ts), which validates them.
 */
export const eligibilityServerActions = [
  {
    name: 'save_investor_profile',
    args: ['country', 'category', 'answers'],
    executableBy: ['authenticated'],
    accepts: 'the member',
    records: ['investor.classified'],
  },
  { name: 'current_questionnaire', args: [], executableBy: ['authenticated'], accepts: 'anyone', records: [] },
  {
    name: 'submit_appropriateness',
    args: ['version', 'answers'],
    executableBy: ['authenticated'],
    accepts: 'the member',
    records: ['appropriateness.submitted'],
  },
  {
    name: 'acknowledge_appropriateness_warning',
    args: [],
    executableBy: ['authenticated'],
    accepts: 'the member',
    records: ['appropriateness.warning_acknowledged'],
  },
  {
    name: 'request_to_invest',
    args: ['opportunity_id'],
    executableBy: ['authenticated'],
    accepts: 'the member',
    records: ['investment.cooling_off_started'],
  },
  {
    name: 'investment_eligibility',
    args: ['opportunity_id', 'amount_cents'],
    executableBy: ['authenticated'],
    accepts: 'the member',
    records: [],
  },
] as const;
