import { describe, expect, it } from 'vitest';
import { kycNotification } from '../notifications';
import { serverActions } from './actions';
import { agreementCanonicalText, agreementSections, currentAgreement } from './agreement';
import { auditActions } from './audit';
import { kycStatuses, kycTransitions, nextKycStatus } from './kyc';

// The hash itself is checked where a SHA-256 is at hand: supabase/tests/signatures.test.ts.
describe('the agreement text that is hashed', () => {
  it('is every section, title then body, separated by a blank line', () => {
    const text = agreementCanonicalText();
    expect(text.split('\n\n')).toHaveLength(agreementSections.length);
    expect(text.startsWith(`${agreementSections[0]?.title}\n${agreementSections[0]?.body}`)).toBe(true);
    expect(text.endsWith('\n')).toBe(false);
    expect(currentAgreement.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the audit actions', () => {
  it('are unique and dotted', () => {
    expect(new Set(auditActions).size).toBe(auditActions.length);
    for (const a of auditActions) expect(a).toMatch(/^[a-z]+\.[a-z_]+$/);
  });
});

describe('KYC transitions', () => {
  it('start from pending is a no-op, from approved or a final rejection is refused, else pending', () => {
    expect(nextKycStatus('start_kyc', 'pending')).toBe('unchanged');
    expect(nextKycStatus('start_kyc', 'approved')).toBe('refused');
    expect(nextKycStatus('start_kyc', 'rejected')).toBe('refused');
    for (const from of ['not_started', 'resubmission_requested'] as const)
      expect(nextKycStatus('start_kyc', from)).toBe('pending');
  });

  it('review only from pending; the provider only under review (else ignored); reopen only a rejection; demo approval once', () => {
    for (const from of kycStatuses) {
      expect(nextKycStatus('review_kyc', from, 'rejected')).toBe(from === 'pending' ? 'rejected' : 'refused');
      expect(nextKycStatus('apply_kyc_result', from, 'approved')).toBe(from === 'pending' ? 'approved' : 'ignored');
      expect(nextKycStatus('reopen_kyc', from)).toBe(from === 'rejected' ? 'resubmission_requested' : 'refused');
      expect(nextKycStatus('demo_approve_kyc', from)).toBe(from === 'approved' ? 'unchanged' : 'approved');
    }
  });

  it('has one row per function and a notification for every reachable status', () => {
    expect(new Set(kycTransitions.map((t) => t.fn)).size).toBe(kycTransitions.length);
    expect(kycNotification('rejected', 'Blurred photo.').body).toContain('Blurred photo.');
    expect(kycNotification('resubmission_requested', 'Expired ID').body).toContain('Expired ID');
  });
});

describe('the server actions', () => {
  it('have unique names, and only the service role executes the webhook ones', () => {
    expect(new Set(serverActions.map((a) => a.name)).size).toBe(serverActions.length);
    for (const a of serverActions) {
      if (a.accepts === 'the service role') expect(a.executableBy, a.name).toEqual(['service_role']);
      if (a.accepts === 'the member') expect(a.executableBy, a.name).toEqual(['authenticated']);
    }
  });
});
