import { AUDIT_TRAIL_YEARS, MIN_FIRST_ONRAMP_EUR } from './constants';

/** Every toast and message of docs/product.md §4, §5 and §8, word for word, in one place. */
export const messages = {
  fillAllFields: 'Please fill in all fields',
  invalidAdminCredentials: 'Invalid admin credentials.',
  fillRequiredFields: 'Please fill in all required fields',
  passwordsDoNotMatch: 'Passwords do not match',
  enterInvestmentAmount: 'Please enter an investment amount',
  agreeToTerms: 'Please agree to the terms before signing',
  walletFailed: 'Failed to create wallet',
  walletCreated: 'Wallet created successfully!',
  loginSuccess: 'Login successful!',
  adminLoginSuccess: 'Admin login successful!',
  loggedOut: 'You have been logged out successfully',
  fundedMember: 'Funded Member unlocked',
  opportunitiesFailed: 'Failed to load opportunities',
  documentsFailed: 'Failed to load documents',
  checkConnection: 'Please check your connection and try again.',
  accessDenied: 'Access denied.',
  notAuthenticated: 'Not authenticated.',
  unknownRole: 'Unknown role.',
  loading: 'Loading...',
  notFound: 'Oops! Page not found',
  crashed: 'Oops! Something went wrong',
  noOpportunityResults: 'No results match your filters',
  noDocuments: 'No documents yet',
  opportunityNotFound: 'Opportunity not found',
  offline: 'You’re offline. Some actions won’t work until connection is restored.',
  paletteHint: 'Press Ctrl+K (or Cmd+K on Mac) to search',
  minimumOnramp: `Minimum first on-ramp is €${MIN_FIRST_ONRAMP_EUR}`,
  auditTrail: `eIDAS/UK e-signature, audit trail kept ${AUDIT_TRAIL_YEARS} years`,
} as const;

/**
 * Messages of the backend calls (docs/backend.md): not in the product rules, so worded to say what
 * happened and what to do. The form keeps what the member typed.
 */
export const backendMessages = {
  backendUnavailable:
    'The app could not load its connection to the server. Please check your connection and try again.',
  serverTimedOut: 'The server did not answer in time. Please try again.',
  profileTimedOut: 'Your profile could not be saved: the server did not answer in time. Please try again.',
  walletTimedOut: 'The wallet service did not answer in time. Please try again.',
  sessionUnreadable: 'The server sent a session the app could not read. Please try again.',
} as const;

/** The toast shown when a readiness step's button is used. */
export function openingStepMessage(stepLabel: string): string {
  return `Opening ${stepLabel}…`;
}

export interface SignInForm {
  email: string;
  password: string;
}

/** Sign-in and admin sign-in: both fields required (docs/product.md §5). */
export function validateSignIn(form: SignInForm): string | null {
  return form.email.trim() === '' || form.password === '' ? messages.fillAllFields : null;
}
