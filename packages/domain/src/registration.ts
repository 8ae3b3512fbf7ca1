import * as v from 'valibot';
import { messages } from './messages';

/** The registration form of docs/product.md §3; step 2 fields are optional. */
const RegistrationFormSchema = v.object({
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  password: v.string(),
  confirmPassword: v.string(),
  phone: v.string(),
  address: v.string(),
  city: v.string(),
  country: v.string(),
});
export type RegistrationForm = v.InferOutput<typeof RegistrationFormSchema>;

export const emptyRegistrationForm: RegistrationForm = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  phone: '',
  address: '',
  city: '',
  country: '',
};

export const registrationSteps = ['Personal Information', 'Contact Information', 'Account Setup'] as const;

/**
 * The message that blocks leaving step 1 (docs/product.md §5), or null. Step 1 carries name, email and
 * password; the other steps have nothing required.
 */
export function validateRegistrationStep(step: number, form: RegistrationForm): string | null {
  if (step !== 1) return null;
  const required = [form.firstName, form.lastName, form.email, form.password];
  if (required.some((value) => value.trim() === '')) return messages.fillRequiredFields;
  if (form.password !== form.confirmPassword) return messages.passwordsDoNotMatch;
  return null;
}
