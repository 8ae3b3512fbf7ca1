/** The membership agreement's sections, rendered as text. */
export const agreementSections: { title: string; body: string }[] = [
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
];
