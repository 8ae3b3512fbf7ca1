import { Button, Callout, Card, Checkbox, Flex, Heading, RadioGroup, Text } from '@radix-ui/themes';
import {
  categoriesForCountry,
  categoryLabels,
  type InvestorCategory,
  isoCountryCodes,
  isUkCategory,
  MIN_PROFESSIONAL_CRITERIA,
  professionalCriteria,
  professionalCriteriaLabels,
  professionalProtectionsWarning,
  ukStatementLabel,
} from '@vault/domain';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useInvestorProfileActions } from '../../data/investorProfile/investorProfile';

/** A label is tapped as a whole: at least 24 px tall, even on one line (WCAG 2.5.8). */
const tapTarget = { display: 'block', minHeight: 24 } as const;

/** Country names in English where the browser knows them; the ISO code otherwise. */
function countryOptions(): { code: string; name: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    names = null;
  }
  return isoCountryCodes
    .map((code) => ({ code, name: names?.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/**
 * The classification step (docs/eligibility.md): country of residence, then the investor
 * categories that country allows, with what each needs declared. The server validates and stores
 * it (`save_investor_profile`); its refusal shows here and every answer stays.
 */
export function ClassificationStep({
  expired = false,
  onSaved,
}: {
  expired?: boolean;
  onSaved: (category: InvestorCategory) => void;
}) {
  const id = useId();
  const { save } = useInvestorProfileActions();
  const countries = useMemo(countryOptions, []);
  const [country, setCountry] = useState('');
  const [category, setCategory] = useState<InvestorCategory | null>(null);
  const [criteria, setCriteria] = useState<Record<string, boolean>>({});
  const [statementSigned, setStatementSigned] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choices = country === '' ? [] : categoriesForCountry(country);

  const chooseCountry = (next: string) => {
    setCountry(next);
    // A category of the other regime cannot be kept (a UK resident takes only UK categories).
    if (category && !categoriesForCountry(next).includes(category)) setCategory(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!category || pending) return;
    setPending(true);
    setError(null);
    const answers: Record<string, boolean> =
      category === 'professional'
        ? Object.fromEntries(professionalCriteria.map((criterion) => [criterion, criteria[criterion] === true]))
        : isUkCategory(category)
          ? { statement_signed: statementSigned }
          : {};
    const result = await save({ country, category, answers });
    setPending(false);
    if (result.ok) onSaved(category);
    else if (!result.superseded) setError(result.error);
  };

  return (
    <Card size="3">
      <Flex asChild direction="column" gap="4">
        <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
          <Heading as="h2" size="5" id={`${id}-title`}>
            {expired ? 'Sign your investor statement again' : 'Tell us about yourself'}
          </Heading>
          <Text as="p" size="2" color="gray">
            {expired
              ? 'Your investor statement is more than 12 months old. Confirm where you live and what kind of investor you are.'
              : 'Before you invest, tell us where you live and what kind of investor you are.'}
          </Text>
          <Flex direction="column" gap="1">
            <Text as="label" size="2" style={tapTarget} weight="medium" htmlFor={`${id}-country`}>
              Country of residence
            </Text>
            <select
              id={`${id}-country`}
              value={country}
              onChange={(event) => chooseCountry(event.target.value)}
              style={{ padding: 'var(--space-2)', borderRadius: 'var(--radius-2)', font: 'inherit', maxWidth: 360 }}
            >
              <option value="">Choose your country</option>
              {countries.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.name}
                </option>
              ))}
            </select>
          </Flex>
          {choices.length > 0 ? (
            <Flex direction="column" gap="2">
              <Text as="p" size="2" weight="medium" id={`${id}-category`}>
                Investor category
              </Text>
              <RadioGroup.Root
                value={category ?? ''}
                onValueChange={(value) => setCategory(choices.find((c) => c === value) ?? null)}
                aria-labelledby={`${id}-category`}
              >
                {choices.map((choice) => (
                  <RadioGroup.Item key={choice} value={choice} style={{ minHeight: 24 }}>
                    <Flex direction="column">
                      <Text weight="medium">{categoryLabels[choice].label}</Text>
                      <Text color="gray">{categoryLabels[choice].description}</Text>
                    </Flex>
                  </RadioGroup.Item>
                ))}
              </RadioGroup.Root>
            </Flex>
          ) : null}
          {category === 'professional' ? (
            <Flex direction="column" gap="2" role="group" aria-label="Professional criteria">
              <Callout.Root color="amber" highContrast>
                <Callout.Text>{professionalProtectionsWarning}</Callout.Text>
              </Callout.Root>
              <Text as="p" size="2">
                Tick at least {MIN_PROFESSIONAL_CRITERIA} that are true for you:
              </Text>
              {professionalCriteria.map((criterion) => (
                <Text as="label" size="2" style={tapTarget} key={criterion}>
                  <Flex gap="2" align="start">
                    <Checkbox
                      checked={criteria[criterion] === true}
                      onCheckedChange={(value) => setCriteria({ ...criteria, [criterion]: value === true })}
                    />
                    {professionalCriteriaLabels[criterion]}
                  </Flex>
                </Text>
              ))}
            </Flex>
          ) : null}
          {category && isUkCategory(category) ? (
            <Text as="label" size="2" style={tapTarget}>
              <Flex gap="2" align="start">
                <Checkbox checked={statementSigned} onCheckedChange={(value) => setStatementSigned(value === true)} />
                {ukStatementLabel}
              </Flex>
            </Text>
          ) : null}
          {error ? (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{error}</Callout.Text>
            </Callout.Root>
          ) : null}
          <Flex>
            <Button type="submit" disabled={!category || pending} loading={pending}>
              Save and continue
            </Button>
          </Flex>
        </form>
      </Flex>
    </Card>
  );
}
