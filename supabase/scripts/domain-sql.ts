import {
  AWAITING_PAYMENT_DAYS,
  auditActions,
  CANCELLATION_WINDOW_DAYS,
  complianceAlertTexts,
  currentQuestionnaire,
  eligibilityRefusalMessage,
  eligibilityRefusals,
  IBAN_MASK,
  ibanLengths,
  investorCategories,
  isoCountryCodes,
  isUkCategory,
  LEDGER_MAX_INVESTMENT_TOTAL_CENTS,
  notificationTexts,
  OFFERING_MAX_CENTS,
  opportunityCategories,
  opportunityRegions,
  REDEMPTION_REVIEW_BUSINESS_DAYS,
  roles,
  scheduledJobs,
  skipsAppropriateness,
  skipsReflectionPeriod,
  templateParts,
  WITHDRAWAL_OVERDUE_DAYS,
  withholdingRates,
} from '@vault/domain';

/**
 * Generates supabase/schemas/00_generated_domain.sql: what @vault/domain owns, as SQL functions
 * the schema files call instead of copying it (`npm run gen:sql` writes it;
 * tests/schema-files.test.ts fails when the committed file differs). Each function is immutable,
 * reads nothing and runs with an empty search_path, so a check constraint or index may call it.
 */

export const generatedDomainFile = 'schemas/00_generated_domain.sql';

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function textArray(values: readonly string[], perLine: number): string {
  const lines: string[] = [];
  for (let i = 0; i < values.length; i += perLine) {
    lines.push(
      `    ${values
        .slice(i, i + perLine)
        .map(literal)
        .join(', ')}`,
    );
  }
  return `array[\n${lines.join(',\n')}\n  ]::text[]`;
}

function immutableFunction(signature: string, returns: string, body: string): string {
  return `create or replace function public.${signature}
returns ${returns}
language sql
immutable
parallel safe
set search_path = ''
as $$
${body}
$$;`;
}

/**
 * A text the domain builds around one variable part, as SQL: the domain's own function is called
 * with a marker in that place, and the text around the marker becomes the SQL literals either
 * side of `sqlPart`.
 */
function around(make: (marker: string) => string, marker: string, sqlPart: string): string {
  const text = make(marker);
  const at = text.indexOf(marker);
  if (at < 0) return literal(text);
  const before = text.slice(0, at);
  const after = text.slice(at + marker.length);
  return [before ? literal(before) : '', sqlPart, after ? literal(after) : ''].filter(Boolean).join(' || ');
}

function roleNames(): string {
  return `-- The six Vault roles (\`roles\` in packages/domain/src/roles.ts).
${immutableFunction(
  'vault_roles()',
  'text[]',
  `  select ${textArray(
    roles.map((r) => r.id),
    6,
  )}`,
)}`;
}

function auditActionNames(): string {
  const names = [...auditActions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // PL/pgSQL, not SQL: the CHECK on audit_events evaluates it for every event, and a SQL function
  // with a search_path (never inlined) is parsed and planned at each evaluation.
  return `-- The audit trail's action names (\`auditActions\` in packages/domain/src/backend/audit.ts), in
-- code point order: public.audit_events.action is one of them (05_audit.sql).
create or replace function public.audit_action_names()
returns text[]
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
begin
  return ${textArray(names, 1)};
end
$$;`;
}

function countries(): string {
  return `-- ISO 3166-1 alpha-2 (\`isoCountryCodes\` in packages/domain/src/eligibility/countries.ts).
${immutableFunction('is_iso_country(code text)', 'boolean', `  select code = any (${textArray(isoCountryCodes, 16)})`)}`;
}

function questionnaire(): string {
  const json = JSON.stringify(currentQuestionnaire, null, 2);
  if (json.includes('$json$')) throw new Error('the questionnaire holds $json$');
  return `-- The appropriateness questionnaire (\`currentQuestionnaire\` in
-- packages/domain/src/eligibility/questionnaire.ts). A new version replaces it; answers already
-- given keep the version they answered.
${immutableFunction('appropriateness_questionnaire()', 'jsonb', `  select $json$${json}$json$::jsonb`)}`;
}

/** A time in a refusal, as the domain writes it ("2001-02-03 04:05:06 UTC"). */
const markerTime = new Date(Date.UTC(2001, 1, 3, 4, 5, 6));
const markerTimeText = '2001-02-03 04:05:06 UTC';
const sqlTime = `to_char(at_time at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC'`;

function refusalMessages(): string {
  const cases = eligibilityRefusals.map((code) => {
    const untimed = eligibilityRefusalMessage(code, null);
    const timed = eligibilityRefusalMessage(code, markerTime);
    if (timed === untimed) return `    when ${literal(code)} then ${literal(untimed)}`;
    const sql = around(() => timed, markerTimeText, `(${sqlTime})`);
    return `    when ${literal(code)} then case when at_time is null\n      then ${literal(untimed)}\n      else ${sql}\n    end`;
  });
  return `-- A refusal's text (\`eligibilityRefusalMessage\` in packages/domain/src/eligibility/decision.ts):
-- submit_investment raises '<CODE>: <text>'. \`at_time\` is the refusal's time, where it has one.
${immutableFunction(
  'eligibility_refusal_message(code text, at_time timestamptz)',
  'text',
  `  select case code\n${cases.join('\n')}\n  end`,
)}`;
}

/** A template as SQL: its text as literals, each placeholder the param of its name. */
function filledTemplate(template: string): string {
  return templateParts(template)
    .map((part) => ('text' in part ? literal(part.text) : `(params ->> ${literal(part.param)})`))
    .join(' || ');
}

function notifications(): string {
  const titles = notificationTexts.map((t) => `      when ${literal(t.kind)} then ${filledTemplate(t.title)}`);
  const bodies = notificationTexts.map((t) => `      when ${literal(t.kind)} then ${filledTemplate(t.body)}`);
  return `-- The title and body of each notification the server sends, by kind (\`notificationTexts\` in
-- packages/domain/src/notifications/texts.ts): each {placeholder} is \`params ->> '<name>'\`, the
-- text the caller formatted. A missing param makes the text null, never a text with a gap: the
-- insert into public.notifications then fails on its not-null column. An unknown kind is null too.
${immutableFunction(
  "notification_text(kind text, params jsonb default '{}'::jsonb, out title text, out body text)",
  'record',
  `  select\n    case kind\n${titles.join('\n')}\n    end,\n    case kind\n${bodies.join('\n')}\n    end`,
)}`;
}

function complianceAlerts(): string {
  const issues = complianceAlertTexts.map((a) => `      when ${literal(a.kind)} then ${filledTemplate(a.issue)}`);
  const priorities = complianceAlertTexts.map((a) => `      when ${literal(a.kind)} then ${literal(a.priority)}`);
  return `-- The issue and priority of each compliance alert the server raises, by kind
-- (\`complianceAlertTexts\` in packages/domain/src/notifications/alerts.ts): as notification_text,
-- each {placeholder} is \`params ->> '<name>'\`, and a missing param or an unknown kind gives null,
-- which the alert's not-null columns refuse.
${immutableFunction(
  "compliance_alert_text(kind text, params jsonb default '{}'::jsonb, out issue text, out priority text)",
  'record',
  `  select\n    case kind\n${issues.join('\n')}\n    end,\n    case kind\n${priorities.join('\n')}\n    end`,
)}`;
}

function withholding(): string {
  const rows = [...withholdingRates].sort((a, b) => (a.country < b.country ? -1 : a.country > b.country ? 1 : 0));
  const cases = rows.map(
    (r) =>
      `    when ${literal(r.country)} then case kind when 'income' then ${r.income_bps} when 'capital' then ${r.capital_bps} end`,
  );
  return `-- The tax withheld from a distribution, in basis points, by the holder's tax residence and the
-- distribution's kind (\`withholdingRates\` in packages/domain/src/tax/withholding.ts); 0 for a
-- residence the table does not list.
${immutableFunction(
  'withholding_bps(country text, kind text)',
  'integer',
  `  select coalesce(case country\n${cases.join('\n')}\n  end, 0)`,
)}

-- Business days an SPV has to decide a redemption (\`REDEMPTION_REVIEW_BUSINESS_DAYS\`).
${immutableFunction('redemption_review_business_days()', 'integer', `  select ${REDEMPTION_REVIEW_BUSINESS_DAYS}`)}`;
}

function categories(): string {
  const among = (pick: (c: (typeof investorCategories)[number]) => boolean) =>
    `  select category = any (${textArray(investorCategories.filter(pick), 6)})`;
  return `-- The investor categories and what each implies (\`investorCategories\`, \`isUkCategory\`,
-- \`skipsAppropriateness\` and \`skipsReflectionPeriod\` in packages/domain/src/eligibility/classification.ts).
${immutableFunction(
  'is_investor_category(category text)',
  'boolean',
  among(() => true),
)}

${immutableFunction('is_uk_category(category text)', 'boolean', among(isUkCategory))}

${immutableFunction('skips_appropriateness(category text)', 'boolean', among(skipsAppropriateness))}

${immutableFunction('skips_reflection_period(category text)', 'boolean', among(skipsReflectionPeriod))}

-- How long after submitting an investment its investor may cancel it: the reflection period
-- (\`CANCELLATION_WINDOW_DAYS\` in packages/domain/src/investments.ts).
${immutableFunction('cancellation_window()', 'interval', `  select interval '${CANCELLATION_WINDOW_DAYS} days'`)}`;
}

function schedule(): string {
  const rows = scheduledJobs.map((j) => `    (${literal(j.name)}, ${literal(j.cron)}, ${literal(`select ${j.call}`)})`);
  return `-- The server's time-driven work: pg_cron's job name, its schedule and its command (\`scheduledJobs\`
-- in packages/domain/src/backend/schedule.ts). 15_schedule.sql schedules them where pg_cron is installed.
${immutableFunction(
  'vault_scheduled_jobs()',
  'table (name text, cron text, command text)',
  `  select * from (values\n${rows.join(',\n')}\n  ) as jobs (name, cron, command)`,
)}`;
}

function bounds(): string {
  return `-- The largest total of one investment, amount and fees (\`LEDGER_MAX_INVESTMENT_TOTAL_CENTS\` in
-- packages/domain/src/backend/ledger.ts), and the largest amount an offering counts in: its
-- prices, targets and tickets (\`OFFERING_MAX_CENTS\` in packages/domain/src/offerings/terms.ts).
${immutableFunction('max_investment_total_cents()', 'bigint', `  select ${LEDGER_MAX_INVESTMENT_TOTAL_CENTS}::bigint`)}

${immutableFunction('offering_max_cents()', 'bigint', `  select ${OFFERING_MAX_CENTS}::bigint`)}

-- How long an investment may await its payment before it is cancelled (\`AWAITING_PAYMENT_DAYS\`
-- in packages/domain/src/backend/ledger.ts).
${immutableFunction('awaiting_payment_window()', 'interval', `  select interval '${AWAITING_PAYMENT_DAYS} days'`)}

-- How long a withdrawal may wait for its payout event before compliance is alerted
-- (\`WITHDRAWAL_OVERDUE_DAYS\` in packages/domain/src/backend/ledger.ts).
${immutableFunction('withdrawal_overdue_window()', 'interval', `  select interval '${WITHDRAWAL_OVERDUE_DAYS} days'`)}`;
}

function catalogue(): string {
  return `-- The categories and regions an opportunity may have (\`opportunityCategories\`,
-- \`opportunityRegions\` in packages/domain/src/opportunities.ts).
${immutableFunction('opportunity_categories()', 'text[]', `  select ${textArray(opportunityCategories, 4)}`)}

${immutableFunction('opportunity_regions()', 'text[]', `  select ${textArray(opportunityRegions, 4)}`)}`;
}

function ibans(): string {
  const rows = [...ibanLengths].sort((a, b) => (a.country < b.country ? -1 : a.country > b.country ? 1 : 0));
  const cases = rows.map((r) => `    when ${literal(r.country)} then ${r.length}`);
  return `-- The length of an IBAN by its country code, null for a code no IBAN starts with (\`ibanLengths\`
-- in packages/domain/src/backend/bankAccounts.ts).
${immutableFunction('iban_length(country text)', 'integer', `  select case country\n${cases.join('\n')}\n  end`)}

-- A stored IBAN as it is shown and recorded after linking: its country code and last four
-- characters, the rest masked (\`maskIban\` in packages/domain/src/backend/bankAccounts.ts).
${immutableFunction('iban_masked(iban text)', 'text', `  select left(iban, 2) || ${literal(IBAN_MASK)} || right(iban, 4)`)}`;
}

export function generateDomainSql(): string {
  return `${[
    [
      '-- GENERATED by `npm run gen:sql` from @vault/domain (supabase/scripts/domain-sql.ts): do not edit.',
      '-- What the domain owns, as SQL: the schema files call these functions rather than copy it.',
    ].join('\n'),
    roleNames(),
    auditActionNames(),
    countries(),
    questionnaire(),
    refusalMessages(),
    notifications(),
    complianceAlerts(),
    withholding(),
    categories(),
    schedule(),
    bounds(),
    catalogue(),
    ibans(),
    `-- This file comes before the default privileges of 01_identity_and_settings.sql, so each grant
-- is written out. vault_role() runs as its caller, inside every policy.
revoke execute on function public.vault_roles() from public, anon;
grant execute on function public.vault_roles() to authenticated, service_role;
revoke execute on function public.audit_action_names() from public, anon;
grant execute on function public.audit_action_names() to authenticated, service_role;
revoke execute on function public.is_iso_country(text) from public, anon, authenticated, service_role;
revoke execute on function public.eligibility_refusal_message(text, timestamptz) from public, anon, authenticated, service_role;
revoke execute on function public.notification_text(text, jsonb) from public, anon, authenticated, service_role;
revoke execute on function public.compliance_alert_text(text, jsonb) from public, anon, authenticated, service_role;
revoke execute on function public.appropriateness_questionnaire() from public, anon, authenticated, service_role;
revoke execute on function public.withholding_bps(text, text) from public, anon, authenticated, service_role;
revoke execute on function public.redemption_review_business_days() from public, anon, authenticated, service_role;
revoke execute on function public.vault_scheduled_jobs() from public, anon, authenticated, service_role;
revoke execute on function public.is_investor_category(text) from public, anon, authenticated, service_role;
revoke execute on function public.is_uk_category(text) from public, anon, authenticated, service_role;
revoke execute on function public.skips_appropriateness(text) from public, anon, authenticated, service_role;
revoke execute on function public.skips_reflection_period(text) from public, anon, authenticated, service_role;
revoke execute on function public.cancellation_window() from public, anon, authenticated, service_role;
revoke execute on function public.max_investment_total_cents() from public, anon, authenticated, service_role;
-- The catalogue's and the unit prices' checks call it, and the service role may write both tables.
revoke execute on function public.offering_max_cents() from public, anon, authenticated;
grant execute on function public.offering_max_cents() to service_role;
revoke execute on function public.awaiting_payment_window() from public, anon, authenticated, service_role;
revoke execute on function public.withdrawal_overdue_window() from public, anon, authenticated, service_role;
revoke execute on function public.opportunity_categories() from public, anon, authenticated, service_role;
revoke execute on function public.opportunity_regions() from public, anon, authenticated, service_role;
revoke execute on function public.iban_length(text) from public, anon, authenticated, service_role;
revoke execute on function public.iban_masked(text) from public, anon, authenticated, service_role;`,
  ].join('\n\n')}\n`;
}
