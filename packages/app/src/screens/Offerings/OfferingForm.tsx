import { Button, Callout, Card, Checkbox, Flex, Grid, Heading, Text, TextArea, TextField } from '@radix-ui/themes';
import {
  allocationRules,
  categoryLabels,
  distributionFrequencies,
  investorCategories,
  offeringDocumentKinds,
  opportunityCategories,
  opportunityRegions,
} from '@vault/domain';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import type { OfferingSpv } from '../../data/offerings/offerings';
import {
  detailsOf,
  fieldLabels,
  fieldOfServerMessage,
  type OfferingFormErrors,
  type OfferingFormValues,
} from './offeringForm';

type Key = keyof OfferingFormValues;

const selectStyle = {
  minHeight: '2rem',
  font: 'inherit',
  padding: '0 var(--space-2)',
  borderRadius: 'var(--radius-2)',
};

const legendStyle = { padding: 0, marginBottom: 'var(--space-3)' };
const fieldsetStyle = { border: 0, padding: 0, margin: 0, minWidth: 0 };

const words = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replaceAll('_', ' ');
const ruleLabels: Record<string, string> = { first_come: 'First come, first served', pro_rata: 'Pro rata' };
const documentKindLabels: Record<string, string> = {
  key_information: 'Key information sheet',
  subscription_terms: 'Subscription terms',
  other: 'Other',
};

export interface OfferingFormProps {
  /** Null for a new draft; the draft's id to edit one. */
  offeringId: string | null;
  initial: OfferingFormValues;
  spvs: readonly OfferingSpv[];
  /** Saves the details; answers the server's refusal (its message and code), or null when saved. */
  onSave: (details: Record<string, unknown>) => Promise<string | null>;
  onCancel: () => void;
}

/**
 * The draft's form: every term of the offering, each error beside its field (the domain's rules
 * first, then the server's refusal on the field it names), and what was typed kept whatever the
 * answer. Submitting with errors moves the focus to the first field at fault.
 */
export function OfferingForm({ offeringId, initial, spvs, onSave, onCancel }: OfferingFormProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<OfferingFormValues>(initial);
  const [errors, setErrors] = useState<OfferingFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const creating = offeringId === null;

  const set = <K extends Key>(key: K, value: OfferingFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const fieldId = (key: Key) => `${id}-${key}`;
  const errorId = (key: Key) => `${id}-${key}-error`;

  function focusFirstError(found: OfferingFormErrors) {
    const first = (Object.keys(fieldLabels) as Key[]).find((key) => found[key] !== undefined);
    if (!first) return;
    requestAnimationFrame(() => {
      form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const { details, errors: found } = detailsOf(values, creating, new Date());
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    setSaving(true);
    const refusal = await onSave(details);
    setSaving(false);
    if (refusal === null) return;
    const field = fieldOfServerMessage(refusal);
    if (field) {
      const next = { [field]: refusal };
      setErrors(next);
      focusFirstError(next);
    } else {
      setFormError(refusal);
    }
  }

  /** A labelled control with its error beside it; `control` gets the props that tie them together. */
  const row = (
    key: Key,
    control: (props: {
      id: string;
      'data-field': Key;
      'aria-invalid': boolean | undefined;
      'aria-describedby': string | undefined;
    }) => ReactNode,
    hint?: string,
  ) => {
    const error = errors[key];
    const described = [error ? errorId(key) : null, hint ? `${fieldId(key)}-hint` : null].filter(Boolean).join(' ');
    return (
      <Flex direction="column" gap="1" key={key}>
        <Text as="label" htmlFor={fieldId(key)} size="2" weight="medium">
          {fieldLabels[key]}
        </Text>
        {control({
          id: fieldId(key),
          'data-field': key,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': described || undefined,
        })}
        {hint ? (
          <Text id={`${fieldId(key)}-hint`} size="1" color="gray">
            {hint}
          </Text>
        ) : null}
        {error ? (
          <Text id={errorId(key)} size="1" color="red">
            {error}
          </Text>
        ) : null}
      </Flex>
    );
  };

  const text = (key: Key, hint?: string, type: 'text' | 'datetime-local' = 'text') =>
    row(
      key,
      (props) => (
        <TextField.Root
          {...props}
          type={type}
          inputMode={type === 'text' && /price|target|ticket|yield|fee|months/.test(key) ? 'decimal' : undefined}
          value={values[key] as string}
          onChange={(event) => set(key, event.target.value as never)}
        />
      ),
      hint,
    );

  const select = (key: Key, options: readonly { value: string; label: string }[], placeholder: string) =>
    row(key, (props) => (
      <select
        {...props}
        style={selectStyle}
        value={values[key] as string}
        onChange={(event) => set(key, event.target.value as never)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    ));

  const plainOptions = (list: readonly string[], label: (v: string) => string = (v) => v) =>
    list.map((value) => ({ value, label: label(value) }));

  const listError = (key: 'impact_metrics' | 'documents' | 'eligible_categories') =>
    errors[key] ? (
      <Text id={errorId(key)} size="1" color="red">
        {errors[key]}
      </Text>
    ) : null;

  const heading = creating ? 'New offering' : `Edit ${initial.name || 'draft'}`;

  return (
    <Card size="3">
      <form ref={form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <Flex direction="column" gap="5">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="5" id={`${id}-title`}>
              {heading}
            </Heading>
            <Text as="p" size="2" color="gray">
              A draft may leave any term blank but its SPV, name, category, region, country and description; submitting
              it for review needs every term.
            </Text>
          </Flex>

          <fieldset style={fieldsetStyle}>
            <legend style={legendStyle}>
              <Heading as="h3" size="3">
                The offering
              </Heading>
            </legend>
            <Grid columns={{ initial: '1', sm: '2' }} gap="4">
              {select(
                'spv_id',
                spvs.map((s) => ({ value: s.id, label: s.name })),
                'Choose the SPV',
              )}
              {text('name')}
              {select('category', plainOptions(opportunityCategories), 'Choose a category')}
              {select('region', plainOptions(opportunityRegions), 'Choose a region')}
              {text('country')}
            </Grid>
            <Flex direction="column" mt="4">
              {row('description', (props) => (
                <TextArea
                  {...props}
                  rows={3}
                  value={values.description}
                  onChange={(event) => set('description', event.target.value)}
                />
              ))}
            </Flex>
          </fieldset>

          <fieldset style={fieldsetStyle}>
            <legend style={legendStyle}>
              <Heading as="h3" size="3">
                Amounts
              </Heading>
            </legend>
            <Grid columns={{ initial: '1', sm: '2', md: '3' }} gap="4">
              {text('unit_price')}
              {text('min_target', 'Below it at the deadline, the offering fails and every hold is released.')}
              {text('max_target', 'A whole number of units.')}
              {text('min_ticket', 'Optional.')}
              {text('max_ticket', 'Optional.')}
            </Grid>
          </fieldset>

          <fieldset style={fieldsetStyle}>
            <legend style={legendStyle}>
              <Heading as="h3" size="3">
                Dates and terms
              </Heading>
            </legend>
            <Grid columns={{ initial: '1', sm: '2', md: '3' }} gap="4">
              {text('opens_at', undefined, 'datetime-local')}
              {text('deadline_at', undefined, 'datetime-local')}
              {text('term_months')}
              {text('projected_yield')}
              {select('distribution_frequency', plainOptions(distributionFrequencies, words), 'Choose a frequency')}
              {text('lockup_months', '0 for none.')}
              {text('early_redemption_fee')}
              {select(
                'allocation_rule',
                plainOptions(allocationRules, (r) => ruleLabels[r] ?? r),
                'Choose a rule',
              )}
            </Grid>
          </fieldset>

          <fieldset style={fieldsetStyle}>
            <legend style={legendStyle}>
              <Heading as="h3" size="3">
                Who may invest
              </Heading>
            </legend>
            <Flex direction="column" gap="4">
              {text('eligible_countries', 'ISO codes separated by commas, e.g. NL, DE. Blank: every country.')}
              <Flex
                direction="column"
                gap="2"
                role="group"
                aria-labelledby={`${id}-categories`}
                aria-describedby={errors.eligible_categories ? errorId('eligible_categories') : undefined}
              >
                <Text as="p" size="2" weight="medium" id={`${id}-categories`}>
                  {fieldLabels.eligible_categories} (none ticked: every category)
                </Text>
                <Grid columns={{ initial: '1', sm: '2' }} gap="2">
                  {investorCategories.map((category) => (
                    <Text as="label" size="2" key={category}>
                      <Flex gap="2" align="center" minHeight="24px">
                        <Checkbox
                          data-field={category === investorCategories[0] ? 'eligible_categories' : undefined}
                          checked={values.eligible_categories.includes(category)}
                          onCheckedChange={(checked) =>
                            set(
                              'eligible_categories',
                              checked === true
                                ? [...values.eligible_categories, category]
                                : values.eligible_categories.filter((c) => c !== category),
                            )
                          }
                        />
                        {categoryLabels[category].label}
                      </Flex>
                    </Text>
                  ))}
                </Grid>
                {listError('eligible_categories')}
              </Flex>
            </Flex>
          </fieldset>

          <fieldset
            style={fieldsetStyle}
            aria-describedby={errors.impact_metrics ? errorId('impact_metrics') : undefined}
          >
            <legend style={legendStyle}>
              <Heading as="h3" size="3">
                Impact metrics
              </Heading>
            </legend>
            <Flex direction="column" gap="3">
              {values.impact_metrics.map((metric, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no id of their own; they are edited in place.
                <Grid key={index} columns={{ initial: '1', sm: '3' }} gap="2" align="end">
                  {(['name', 'unit', 'per_year'] as const).map((part) => (
                    <Flex direction="column" gap="1" key={part}>
                      <Text as="label" size="2" htmlFor={`${id}-metric-${index}-${part}`}>
                        {`Metric ${index + 1} ${part === 'per_year' ? 'per year' : part}`}
                      </Text>
                      <TextField.Root
                        id={`${id}-metric-${index}-${part}`}
                        data-field={index === 0 && part === 'name' ? 'impact_metrics' : undefined}
                        value={metric[part]}
                        onChange={(event) =>
                          set(
                            'impact_metrics',
                            values.impact_metrics.map((m, i) =>
                              i === index ? { ...m, [part]: event.target.value } : m,
                            ),
                          )
                        }
                      />
                    </Flex>
                  ))}
                  <Button
                    type="button"
                    variant="soft"
                    color="gray"
                    onClick={() =>
                      set(
                        'impact_metrics',
                        values.impact_metrics.filter((_, i) => i !== index),
                      )
                    }
                  >
                    Remove metric {index + 1}
                  </Button>
                </Grid>
              ))}
              <Flex>
                <Button
                  type="button"
                  variant="soft"
                  data-field={values.impact_metrics.length === 0 ? 'impact_metrics' : undefined}
                  onClick={() =>
                    set('impact_metrics', [...values.impact_metrics, { name: '', unit: '', per_year: '' }])
                  }
                >
                  Add a metric
                </Button>
              </Flex>
              {listError('impact_metrics')}
            </Flex>
          </fieldset>

          <fieldset style={fieldsetStyle} aria-describedby={errors.documents ? errorId('documents') : undefined}>
            <legend style={legendStyle}>
              <Heading as="h3" size="3">
                Documents
              </Heading>
            </legend>
            <Text as="p" size="2" color="gray" mb="3">
              Approval needs a key information sheet and subscription terms, each with the SHA-256 of its file.
            </Text>
            <Flex direction="column" gap="3">
              {values.documents.map((doc, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no id of their own; they are edited in place.
                <Grid key={index} columns={{ initial: '1', sm: '3' }} gap="2" align="end">
                  <Flex direction="column" gap="1">
                    <Text as="label" size="2" htmlFor={`${id}-doc-${index}-kind`}>
                      {`Document ${index + 1} kind`}
                    </Text>
                    <select
                      id={`${id}-doc-${index}-kind`}
                      data-field={index === 0 ? 'documents' : undefined}
                      style={selectStyle}
                      value={doc.kind}
                      onChange={(event) =>
                        set(
                          'documents',
                          values.documents.map((d, i) => (i === index ? { ...d, kind: event.target.value } : d)),
                        )
                      }
                    >
                      {offeringDocumentKinds.map((kind) => (
                        <option key={kind} value={kind}>
                          {documentKindLabels[kind] ?? kind}
                        </option>
                      ))}
                    </select>
                  </Flex>
                  {(['name', 'sha256'] as const).map((part) => (
                    <Flex direction="column" gap="1" key={part}>
                      <Text as="label" size="2" htmlFor={`${id}-doc-${index}-${part}`}>
                        {`Document ${index + 1} ${part === 'sha256' ? 'SHA-256' : 'name'}`}
                      </Text>
                      <TextField.Root
                        id={`${id}-doc-${index}-${part}`}
                        value={doc[part]}
                        onChange={(event) =>
                          set(
                            'documents',
                            values.documents.map((d, i) => (i === index ? { ...d, [part]: event.target.value } : d)),
                          )
                        }
                      />
                    </Flex>
                  ))}
                  <Button
                    type="button"
                    variant="soft"
                    color="gray"
                    onClick={() =>
                      set(
                        'documents',
                        values.documents.filter((_, i) => i !== index),
                      )
                    }
                  >
                    Remove document {index + 1}
                  </Button>
                </Grid>
              ))}
              <Flex>
                <Button
                  type="button"
                  variant="soft"
                  data-field={values.documents.length === 0 ? 'documents' : undefined}
                  onClick={() =>
                    set('documents', [...values.documents, { kind: 'key_information', name: '', sha256: '' }])
                  }
                >
                  Add a document
                </Button>
              </Flex>
              {listError('documents')}
            </Flex>
          </fieldset>

          {formError ? (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{formError}</Callout.Text>
            </Callout.Root>
          ) : null}
          {Object.keys(errors).length > 0 ? (
            <Text as="p" role="alert" size="2" color="red">
              {Object.keys(errors).length === 1
                ? 'One field needs attention: its message is beside it.'
                : `${Object.keys(errors).length} fields need attention: each message is beside its field.`}
            </Text>
          ) : null}
          <Flex gap="3" wrap="wrap">
            <Button type="submit" loading={saving}>
              {creating ? 'Create draft' : 'Save draft'}
            </Button>
            <Button type="button" variant="soft" color="gray" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}
