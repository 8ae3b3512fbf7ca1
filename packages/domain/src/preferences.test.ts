import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ProfileRowSchema } from './backend/tables';
import { effectivePreferences, PreferencesSchema, preferenceChannels, preferenceOn } from './preferences';
import { mergeProfile, ProfilePatchSchema, type User, UserSchema } from './session';

const user: User = {
  id: 'u',
  name: 'U',
  email: 'u@example.eu',
  role: 'investor',
  kycStatus: 'unknown',
  firstOnrampOk: false,
};

const channel = (id: string) => {
  const found = preferenceChannels.find((c) => c.id === id);
  if (!found) throw new Error(`no channel ${id}`);
  return found;
};

describe('preference channels', () => {
  it('are the three Settings toggles, with their texts and defaults', () => {
    expect(preferenceChannels.map((c) => [c.id, c.label, c.defaultOn])).toEqual([
      ['email', 'Email notifications', true],
      ['sms', 'SMS alerts', false],
      ['news', 'Newsletter', true],
    ]);
    expect(channel('sms').hint).toBe('Security alerts and payment confirmations');
  });
  it('every channel id is a key the stored map accepts', () => {
    for (const c of preferenceChannels) expect(v.is(PreferencesSchema, { [c.id]: true })).toBe(true);
  });
});

describe('effective preferences', () => {
  it('a member who never toggled anything gets every default', () => {
    expect(effectivePreferences()).toEqual({ email: true, sms: false, news: true });
    expect(effectivePreferences({})).toEqual({ email: true, sms: false, news: true });
  });
  it('a stored value wins over the default, either way; missing keys keep their default', () => {
    expect(effectivePreferences({ email: false, sms: true })).toEqual({ email: false, sms: true, news: true });
    expect(preferenceOn(channel('news'), { news: false })).toBe(false);
    expect(preferenceOn(channel('sms'), { email: false })).toBe(false);
  });
  it('ignores keys of no channel, and inherited names are not stored values', () => {
    expect(effectivePreferences({ fax: true })).toEqual({ email: true, sms: false, news: true });
    expect(Object.keys(effectivePreferences({ fax: true }))).toEqual(['email', 'sms', 'news']);
    const parsed = v.parse(PreferencesSchema, JSON.parse('{"__proto__": false, "toString": false}'));
    expect(effectivePreferences(parsed)).toEqual({ email: true, sms: false, news: true });
  });
});

describe('preferences on the user and the profile', () => {
  it('the user, the profile patch and the profile row share one map schema', () => {
    expect(v.is(UserSchema, { ...user, preferences: { email: false } })).toBe(true);
    expect(v.is(UserSchema, { ...user, preferences: { email: 'no' } })).toBe(false);
    expect(v.is(UserSchema, { ...user, preferences: { ['k'.repeat(51)]: true } })).toBe(false);
    expect(v.is(ProfilePatchSchema, { preferences: { sms: true } })).toBe(true);
    expect(v.is(ProfilePatchSchema, { preferences: [true] })).toBe(false);
    expect(ProfileRowSchema.entries.preferences).toBe(PreferencesSchema);
  });
  it('a restored user without preferences stays without them (the defaults apply)', () => {
    expect(v.parse(UserSchema, user).preferences).toBeUndefined();
  });
  it('merging takes the server’s whole map and keeps every other field', () => {
    const before: User = { ...user, crossmintWalletId: 'w', preferences: { email: false, news: false } };
    const merged = mergeProfile(before, { preferences: { sms: true } });
    expect(merged).toEqual({ ...user, crossmintWalletId: 'w', preferences: { sms: true } });
    expect(before.preferences).toEqual({ email: false, news: false });
  });
  it('a patch without preferences keeps the stored ones', () => {
    const before: User = { ...user, preferences: { email: false } };
    expect(mergeProfile(before, { kycStatus: 'approved' }).preferences).toEqual({ email: false });
    expect(mergeProfile(user, { name: 'V' }).preferences).toBeUndefined();
  });
  it('the merged map is a copy: changing the patch later does not change the user', () => {
    const patch = { preferences: { email: false } };
    const merged = mergeProfile(user, patch);
    patch.preferences.email = true;
    expect(merged.preferences).toEqual({ email: false });
  });
});
