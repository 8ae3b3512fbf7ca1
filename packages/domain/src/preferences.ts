import * as v from 'valibot';
import { parseTable } from './table';

/**
 * The member's communication preferences (Settings): the channels, once, and how a stored map of
 * toggles reads. The map is the `preferences` column of the member's profile row (docs/backend.md);
 * a channel the member never toggled has its default.
 */

/** A channel id as a key of the stored map (the same limit as the server's check). */
const PreferenceKeySchema = v.pipe(v.string(), v.maxLength(50));

/**
 * Communication toggles by channel id, e.g. `{ email: true, sms: false }`. A JSON list is refused
 * as the server's check refuses it (valibot's record alone would take `[true]` as `{ 0: true }`).
 */
export const PreferencesSchema = v.pipe(
  v.unknown(),
  v.check((input) => !Array.isArray(input), 'Expected a map of channel ids to booleans'),
  v.record(PreferenceKeySchema, v.boolean()),
);
export type Preferences = v.InferOutput<typeof PreferencesSchema>;

const PreferenceChannelSchema = v.object({
  id: v.pipe(PreferenceKeySchema, v.nonEmpty()),
  label: v.pipe(v.string(), v.nonEmpty()),
  hint: v.pipe(v.string(), v.nonEmpty()),
  /** Whether the channel is on for a member who never toggled it. */
  defaultOn: v.boolean(),
});
export type PreferenceChannel = v.InferOutput<typeof PreferenceChannelSchema>;

export const preferenceChannels: readonly PreferenceChannel[] = parseTable(
  'preference channel',
  PreferenceChannelSchema,
  [
    {
      id: 'email',
      label: 'Email notifications',
      hint: 'Distributions, documents to sign and account alerts',
      defaultOn: true,
    },
    { id: 'sms', label: 'SMS alerts', hint: 'Security alerts and payment confirmations', defaultOn: false },
    { id: 'news', label: 'Newsletter', hint: 'New opportunities and impact reports, monthly', defaultOn: true },
  ],
);

{
  const ids = preferenceChannels.map((channel) => channel.id);
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined) throw new Error(`Invalid preference channel entry "${repeated}": the id is used twice`);
}

/** A channel's value: the stored toggle, or the channel's default when the member never set it. */
export function preferenceOn(channel: PreferenceChannel, stored: Preferences = {}): boolean {
  return Object.hasOwn(stored, channel.id) ? stored[channel.id] === true : channel.defaultOn;
}

/** Every channel's value by id, from a stored map (keys of no channel are ignored). */
export function effectivePreferences(stored: Preferences = {}): Record<string, boolean> {
  return Object.fromEntries(preferenceChannels.map((channel) => [channel.id, preferenceOn(channel, stored)]));
}

/** The toasts of a preference save, naming the channel. */
export const preferenceMessages = {
  saved: (channel: PreferenceChannel) => `Your preference for ${channel.label} has been saved`,
  failed: (channel: PreferenceChannel) => `Your preference for ${channel.label} could not be saved`,
};
