import { describe, expect, it } from 'vitest';
import { opportunities } from '../backend/sample/opportunities';
import { offeringStanding } from './standing';

const sample = opportunities[0];
if (!sample) throw new Error('a sample opportunity');
const now = new Date('2026-03-01T12:00:00Z');
const offering = {
  ...sample,
  status: 'open',
  min_target_cents: 20_000_000,
  max_target_cents: 100_000_000,
  opens_at: '2026-02-01T00:00:00Z',
  deadline_at: '2026-03-13T12:00:00Z',
  allocation_rule: 'pro_rata',
};

describe('offeringStanding', () => {
  it('an open offering: raised against its maximum, its minimum placed on the bar, the days left', () => {
    const standing = offeringStanding(offering, 30_000_050, now);
    expect(standing.open).toBe(true);
    expect(standing.notice).toBeNull();
    expect(standing.daysLeft).toBe('12 days left');
    expect(standing.progress).toMatchObject({ percent: 30, minPercent: 20 });
    expect(standing.progress?.text).toBe('€300,000.50 raised of €1,000,000 (30%)');
    expect(standing.progress?.minText).toBe('Minimum target €200,000, reached');
    expect(standing.allocation).toMatch(/^Pro rata/);
  });

  it('says why it is not open: failed, withdrawn, issued, closed, not yet open', () => {
    expect(offeringStanding({ ...offering, status: 'failed' }, 0, now).notice).toMatch(/^This offering failed/);
    expect(offeringStanding({ ...offering, status: 'failed' }, 0, now).progress).toBeNull();
    expect(offeringStanding({ ...offering, status: 'issued' }, 50_000_000, now).progress?.percent).toBe(50);
    expect(offeringStanding({ ...offering, status: 'withdrawn' }, 0, now).notice).toMatch(/withdrawn/);
    expect(offeringStanding({ ...offering, status: 'issued' }, 0, now).notice).toMatch(/units have been issued/);
    expect(offeringStanding({ ...offering, status: 'closed' }, null, now).notice).toBe(
      'This opportunity is closed to new investments.',
    );
    expect(offeringStanding({ ...offering, opens_at: '2026-04-01T00:00:00Z' }, 0, now).notice).toBe(
      'Opens on 1 Apr 2026.',
    );
    expect(offeringStanding({ ...offering, deadline_at: '2026-03-01T20:00:00Z' }, 0, now).daysLeft).toBe('Last day');
  });

  it('a sample opportunity has no bar and no deadline', () => {
    const standing = offeringStanding(sample, null, now);
    expect(standing).toMatchObject({ open: true, progress: null, daysLeft: null });
  });
});
