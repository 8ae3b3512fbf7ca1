import * as v from 'valibot';
import { parseTable } from '../table';

/**
 * The membership agreement a member signs on /agreement, and the version and SHA-256 the server
 * holds as current (`public.agreement_versions`, 07_signatures.sql). A member signs
 * by sending both to `public.sign_agreement`; the server refuses any other pair. A test proves
 * the hash is that of `agreementCanonicalText()` and that the SQL row equals `currentAgreement`.
 *
 * Changing a word of the text is a new version: a new hash here, and a migration that inserts the
 * new row into public.agreement_versions and makes it current.
 */

const AgreementSectionSchema = v.object({
  title: v.pipe(v.string(), v.nonEmpty()),
  body: v.pipe(v.string(), v.nonEmpty()),
});
export type AgreementSection = v.InferOutput<typeof AgreementSectionSchema>;

/** The agreement's sections, in order, as the screen renders them. */
export const agreementSections: readonly AgreementSection[] = parseTable('agreement section', AgreementSectionSchema, [
  {
    title: '1. Membership',
    body: 'This agreement sets out the terms on which you become a member of Vault, a platform for impact investing and multi-family-office services in the EU and UK.',
  },
  {
    title: '2. Your wallet and funds',
    body: 'Your wallet is self-custodial: you alone control it. Vault never holds your keys. Euro funds reach your wallet through a regulated open-banking provider.',
  },
  {
    title: '3. Verification',
    body: 'Before you invest, you complete identity and anti-money-laundering checks (KYC/AML) with our verification partner, and keep your details up to date.',
  },
  {
    title: '4. Investments and risk',
    body: 'Investments in real-world assets carry risk, including the loss of capital. Projected yields are not guaranteed. Read each offering document before you invest.',
  },
  {
    title: '5. Fees',
    body: 'A management fee applies to each investment, and card payments carry a processing fee. Every fee is shown before you confirm an investment.',
  },
  {
    title: '6. Signatures and records',
    body: 'You sign with an eIDAS/UK qualified e-signature. We keep an audit trail of every signature for the period the law requires.',
  },
  {
    title: '7. Ending your membership',
    body: 'You may close your account at any time in Settings. Investments already made continue under their own terms.',
  },
]);

/**
 * The text that is hashed: each section as its title, a line break and its body; sections
 * separated by a blank line; no trailing line break; UTF-8.
 */
export function agreementCanonicalText(sections: readonly AgreementSection[] = agreementSections): string {
  return sections.map((s) => `${s.title}\n${s.body}`).join('\n\n');
}

const AgreementVersionSchema = v.object({
  version: v.pipe(v.string(), v.regex(/^[a-z0-9.-]{1,50}$/)),
  /** SHA-256 of `agreementCanonicalText()`, lower-case hex. */
  sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
});
export type AgreementVersion = v.InferOutput<typeof AgreementVersionSchema>;

/** The version members sign today. */
export const currentAgreement: AgreementVersion = parseTable('agreement version', AgreementVersionSchema, [
  { version: 'v1', sha256: '31cd6fc1b190c9a6bc17b536ac97b6fc2b6ae339e288326349f7d0062a1558b7' },
])[0] as AgreementVersion;
