/** The placeholder research pieces of the beta (docs/product.md §2: placeholder cards). */
export interface ResearchCard {
  id: string;
  title: string;
  topic: string;
  summary: string;
  readingTime: string;
}

export const researchCards: readonly ResearchCard[] = [
  {
    id: 'eu-solar-outlook',
    title: 'EU solar outlook 2025',
    topic: 'Renewable energy',
    summary: 'Grid connection queues, merit-order effects and what they mean for yields of community solar parks.',
    readingTime: '6 min read',
  },
  {
    id: 'impact-measurement',
    title: 'Measuring impact beyond tonnes of CO₂',
    topic: 'Impact',
    summary: 'How the platform scores social and environmental outcomes, and where the numbers come from.',
    readingTime: '8 min read',
  },
  {
    id: 'water-kiosks',
    title: 'Clean water kiosks in East Africa',
    topic: 'Clean water',
    summary: 'Unit economics of pay-per-litre kiosks and the risks that matter to lenders.',
    readingTime: '5 min read',
  },
  {
    id: 'social-housing',
    title: 'Social housing funds in the Netherlands',
    topic: 'Social impact, Housing',
    summary: 'Regulated rents, indexation and how they shape a long-term, low-volatility return.',
    readingTime: '7 min read',
  },
  {
    id: 'tokenised-rwa',
    title: 'Tokenised real-world assets, plainly',
    topic: 'Markets',
    summary: 'What a token represents, who holds the asset, and how redemption works in practice.',
    readingTime: '4 min read',
  },
  {
    id: 'education-finance',
    title: 'Financing solar for schools',
    topic: 'Education',
    summary: 'Pay-as-you-save contracts between schools, installers and impact lenders.',
    readingTime: '5 min read',
  },
];
