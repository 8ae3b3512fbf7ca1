// Public entry of @vault/ui: one `export * from './Component';` line per component folder.

export * from './ComingSoon';
export * from './CommandPalette';
export * from './DataTable';
export * from './EmptyState';
export * from './ErrorState';
export * from './FilterPills';
export * from './GuideCards';
export * from './LoadingSkeleton';
export * from './MoneyText';
export * from './NudgeBanner';
export * from './OpportunityCard';
export * from './PageHeader';
export * from './ReadinessCard';
export * from './SkipLink';
export * from './SortSelect';
export * from './StatCard';
export * from './StatusChip';
export * from './Stepper';
